-- Conversions applied by map.
-- ==
-- input { [1, 2, 3] }
-- output { [0.5, 1.0, 1.5] [1i64, 2i64, 3i64] }
def main (xs: []i32) = (map (\x -> f64.i32 x / 2) xs, map i64.i32 xs)
