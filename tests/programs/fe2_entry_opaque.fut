-- Entry points may take and return tuples and records (as in Futhark,
-- these are opaque values, which an executable cannot read and prints as
-- #<opaque T>); a tuple result is several values.
-- ==
-- entry: main
-- input { 4 }
-- output { 5 8 true }

entry swap (p: (i32, f32)) : (f32, i32) = (p.1, p.0)

entry mk (x: i32) : {a: i32, b: []i32} = {a = x, b = [x, x]}

entry pairs (xs: []i32) : ([](i32, i32), i32) = (zip xs xs, 1)

def main (x: i32) : (i32, i32, bool) = (x + 1, x * 2, x > 0)
