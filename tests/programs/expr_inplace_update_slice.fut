-- In-place update of a slice, with and without a stride.
-- ==
-- input { [1, 2, 3, 4, 5, 6] [10, 20] }
-- output { [1, 2, 10, 20, 5, 6] [1, 10, 3, 20, 5, 6] }
def main (xs: []i32) (vs: []i32) =
  let a = copy xs with [2:4] = (vs :> [2]i32)
  let b = copy xs with [1:5:2] = (vs :> [2]i32)
  in (a, b)
