-- Arrays whose size a work-item reads from an array element (no bound
-- is known before the launch): a pre-pass computes every work-item's
-- size and the host allocates at the largest. Zero sizes, and one
-- work-item with a large size among small ones.
-- ==
-- input { [3, 0, 5] }
-- output { [14i64, 0i64, 55i64] }
-- input { [0, 0] }
-- output { [0i64, 0i64] }
-- input { empty([0]i32) }
-- output { empty([0]i64) }
-- input { [1, 2, 1000, 1, 0] }
-- output { [1i64, 5i64, 333833500i64, 1i64, 0i64] }
def main (xs: []i32) : []i64 =
  map (\i -> let a = replicate (i64.i32 xs[i]) 1i64
             let b = scan (+) 0 a
             in i64.sum (map2 (*) b b))
      (indices xs)
