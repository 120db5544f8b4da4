-- maximum and minimum; on empty arrays they give lowest and highest.
-- ==
-- input { [3i64, -8i64, 5i64] [2.5f32, -1f32] }
-- output { 5i64 -8i64 2.5f32 -1f32 }
-- input { empty([0]i64) empty([0]f32) }
-- output { -9223372036854775808i64 9223372036854775807i64 -f32.inf f32.inf }
def main (xs: []i64) (ys: []f32) = (i64.maximum xs, i64.minimum xs, f32.maximum ys, f32.minimum ys)
