-- Operations on empty arrays give empty or neutral results.
-- ==
-- input { empty([0]f32) }
-- output { empty([0]f32) 0f32 1f32 0i64 }
def main (xs: []f32) = (map (+1) xs, reduce (+) 0 xs, reduce (*) 1 xs, length xs)
