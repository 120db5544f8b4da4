-- Loop parameters with mixed diets: only the one declared unique
-- consumes its part of the initial value.
-- ==
-- input { [0f32, 1f32, 2f32] [5f32, 6f32] }
-- output { [7f32, 7f32, 7f32] [5f32, 6f32] [5f32, 6f32] }
entry main (cache: *[3]f32) (ps: [2]f32) =
  let (c, q) =
    loop (cache: *[3]f32, ps: [2]f32) = (cache, ps) for i < 3 do
      (cache with [i] = 7f32, ps)
  in (c, q, ps)
