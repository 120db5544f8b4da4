-- A sequential loop over an array, with a size parameter.
-- ==
-- entry: sum
-- input { [1.5f32, 2.5f32, 3f32] }
-- output { 7f32 }
entry sum [n] (xs: [n]f32) : f32 = loop acc = 0f32 for x in xs do acc + x
