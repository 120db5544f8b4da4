-- A function with a declared result type may return (part of) a
-- top-level array, as in Futhark; its result is then not consumable
-- (tests/errors/testdata/globalresult.fut), but it may be read and
-- returned.
-- ==
-- input { 1 } output { [2, 3] 3 }
-- input { 2 } output { [2, 3] 4 }

def global : [3]i32 = [1, 2, 3]

def tl (_: i32) : []i32 = global[1:]

def main (x: i32) : ([]i32, i32) = (tl x, global[1] + x)
