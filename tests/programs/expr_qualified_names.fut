-- Qualified names from the numeric modules.
-- ==
-- input { -7 2.25 }
-- output { 7 1.5 -7i64 2147483647 }
def main (x: i32) (y: f64) = (i32.abs x, f64.sqrt y, i64.i32 x, i32.highest)
