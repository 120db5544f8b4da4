-- Rounding functions on f32.
-- ==
-- input { [0.5f32, 1.5f32, -0.5f32, 2.25f32] }
-- output { [0f32, 2f32, -0f32, 2f32] [0f32, 1f32, -1f32, 2f32] [1f32, 2f32, -0f32, 3f32] }
def main (xs: []f32) = (map f32.round xs, map f32.floor xs, map f32.ceil xs)
