-- concat and the ++ operator.
-- ==
-- input { [1, 2] [3, 4, 5] }
-- output { [1, 2, 3, 4, 5] [3, 4, 5, 1, 2, 1, 2] 5i64 }
-- input { empty([0]i32) [3] }
-- output { [3] [3] 1i64 }
def main (xs: []i32) (ys: []i32) =
  let a = concat xs ys
  in (a, ys ++ xs ++ xs, length a)
