-- Entry points whose body is a function get its parameters, as in
-- Futhark: def main = f, a declared function type (whose sizes are the
-- entry point's size parameters), and a partial application.
-- ==
-- entry: twice
-- input { 21 } output { 42 }

-- ==
-- entry: outer
-- input { [1f32, 2f32] [3f32] [1f32, 1f32] }
-- output { [[6f32], [12f32]] }

-- ==
-- entry: counts
-- input { 3i64 [[0, 1, 1], [2, 2, 2]] }
-- output { [[1, 2, 0], [0, 0, 3]] }

def double (x: i32) = x * 2

entry twice = double

def f [n] [m] [l] (xs: [n]f32) (ys: [m]f32) (zs: [l]f32) : [n][m]f32 =
  map (\x -> map (\y -> f32.sum (map (* y) (map (* x) zs))) ys) xs

entry outer [n] [m] [l] : [n]f32 -> [m]f32 -> [l]f32 -> [n][m]f32 = f

entry counts (m: i64) =
  map (\xs -> hist (+) 0 m (map i64.i32 xs) (map (const 1) xs))
