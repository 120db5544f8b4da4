-- Sizes that cannot be checked statically are checked at run time.
-- ==
-- input { [1, 2, 3, 4] 2i64 }
-- output { [1, 2] [3, 4] }
-- input { [1, 2, 3] 2i64 }
-- error: .
def main (xs: []i32) (k: i64) =
  let m = xs :> [k * 2]i32
  let a = m[:k] :> [k]i32
  let b = m[k:] :> [k]i32
  in (a, b)
