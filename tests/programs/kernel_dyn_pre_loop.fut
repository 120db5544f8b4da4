-- An array whose size is the result of a sequential loop in the
-- work-item's body (the number of Collatz steps from its element).
-- ==
-- input { [1i64, 2i64, 3i64, 27i64] }
-- output { [0i64, 0i64, 21i64, 6105i64] }
-- input { [1i64] }
-- output { [0i64] }
def steps (x: i64) : i64 =
  (loop (x, k) = (x, 0i64) while x > 1 do
     (if x % 2 == 0 then x / 2 else 3 * x + 1, k + 1)).1

def main (xs: []i64) : []i64 =
  map (\x -> let k = steps x
             let a = replicate k 1i64
             let b = scan (+) 0 a
             in i64.sum b - k * (k + 1) / 2 + i64.sum (iota k))
      xs
