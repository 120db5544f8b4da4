-- unflatten_4d.
-- ==
-- input { [1, 2, 3, 4] }
-- output { [[[[1], [2]]], [[[3], [4]]]] }
def main (xs: []i32) : [2][1][2][1]i32 = unflatten_4d (xs :> [2 * 1 * 2 * 1]i32)
