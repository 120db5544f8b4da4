-- split divides an array whose size is a sum n+m.
-- ==
-- input { [1, 2, 3, 4, 5] 2i64 }
-- output { [1, 2] [3, 4, 5] }
-- input { [1, 2, 3] 0i64 }
-- output { empty([0]i32) [1, 2, 3] }
def main [k] (xs: [k]i32) (i: i64) =
  let (a, b) = split (xs :> [i + (k - i)]i32)
  in (a, b)
