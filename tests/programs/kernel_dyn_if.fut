-- Branches returning arrays of different sizes inside a kernel: the
-- array is allocated at the larger of the branches' bounds, and a range
-- with computed bounds (a..<b) sized by a min.
-- ==
-- input { empty([0]i64) 3i64 }
-- output { empty([0]i64) }
-- input { [-2i64, 0i64, 1i64, 6i64, 8i64] 3i64 }
-- output { [12i64, 12i64, 0i64, 4i64, 3i64] }
def main (xs: []i64) (k: i64) : []i64 =
  map (\x -> let a = if x > 0 then iota (x % 4) else replicate k 2
             let b = 0..<(i64.max 0 (i64.min x k))
             in i64.sum (scan (+) 0 a) + i64.sum (reverse b)) xs
