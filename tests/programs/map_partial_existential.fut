-- A map over a partially applied function whose declared result size is
-- anonymous ([]f32), with a size parameter: accepted as in Futhark
-- (Futhark's issue1462); every application returns T elements.
-- ==
-- input { 3i64 }
-- output { [[1f32, 1f32, 0f32, 0f32, 0f32], [1f32, 1f32, 2f32, 4f32, 8f32], [1f32, 1f32, 4f32, 12f32, 36f32]] }

def step [n] (buf: [n]f32) (r: i64): []f32 =
  let total = reduce (+) 0f32 buf
  in buf ++ [total * f32.i64 r]

def run [n] (t: i64) (T: i64) (buf: [n]f32) (r: i64): []f32 =
  (loop buf for _i < t do step buf r) :> [T]f32

entry main (t: i64) = map (run t (t + 2) [1f32, 1f32]) (iota 3)
