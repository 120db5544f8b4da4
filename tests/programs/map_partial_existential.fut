-- A map over a partially applied function whose declared result size is
-- anonymous ([]f32), with a size parameter: accepted as in Futhark (its
-- test issue1462, whose loop grows an array inside the map and which
-- Futhark's GPU back ends do not run either). Every application returns
-- T elements.
-- ==
-- input { 2i64 [1f32, 2f32] }
-- output { [[1f32, 2f32, 0f32, 0f32], [1f32, 2f32, 3f32, 3f32], [1f32, 2f32, 6f32, 12f32]] }

def extend [n] (T: i64) (buf: [n]f32) (r: i64): []f32 =
  let total = reduce (+) 0f32 buf
  in buf ++ [total * f32.i64 r, total * f32.i64 (r * r)] :> [T]f32

entry main [n] (k: i64) (start: [n]f32) = map (extend (n + k) start) (iota 3)
