-- Updating a slice with an array of a different size fails at run
-- time.
-- ==
-- input { [1, 2, 3, 4] [9, 9] }
-- output { [9, 9, 3, 4] }
-- input { [1, 2, 3, 4] [9, 9, 9] }
-- error: .
def main (xs: *[]i32) (vs: []i32) = xs with [0:2] = (vs :> [2]i32)
