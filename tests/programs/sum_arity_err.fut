-- A constructor given the wrong number of payload values.
-- ==
-- error: takes 2 argument

type shape = #circle f32 | #rect f32 f32

def main (x: f32) : shape = #rect x
