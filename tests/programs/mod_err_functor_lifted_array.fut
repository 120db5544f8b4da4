-- A lifted abstract type of a parameter may be a function: arrays of it
-- are rejected in the body of an anonymous parametric module never
-- applied.
-- ==
-- error: lifted type "p.a" \(might contain function\)

module m = \(p: { type^ a }) -> { def v : []p.a = [] }

def main (x: i32) = x
