-- Sequential maps over iotas inside a kernel: the outer-parallel versions
-- of these nests, which kernel_iota_seq.fut.tuning selects, read the
-- iotas' elements as arithmetic (start + i*step), not from the arrays.
-- ==
-- input { 5i64 7i64 }
-- output { [49i64, 77i64, 105i64, 133i64, 161i64] [45.0f32, 40.0f32, 35.0f32, 30.0f32, 25.0f32] }
-- input { 1000i64 3i64 }
-- auto output

def main (n: i64) (m: i64) : ([n]i64, [n]f32) =
  let a = map (\i -> reduce (+) 0 (map (\j -> i * 4 + j) (iota m))) (1..<n+1 :> [n]i64)
  let b = map (\i -> f32.sum (map (\x -> x - f32.i64 i + 1) (map f32.i64 (2..5...15)))) (iota n)
  in (a, b)
