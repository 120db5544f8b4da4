-- 0..<n equals iota n.
-- ==
-- input { 4i64 }
-- output { true [0i64, 1i64, 2i64, 3i64] }
-- input { 0i64 }
-- output { true empty([0]i64) }
def main (n: i64) =
  let r = 0..<n
  in (and (map2 (==) (r :> [n]i64) (iota n)), r)
