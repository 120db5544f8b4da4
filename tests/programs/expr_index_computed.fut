-- Indices may be arbitrary expressions.
-- ==
-- input { [10, 20, 30, 40] 1i64 }
-- output { 40 20 }
def main (xs: []i32) (i: i64) = (xs[i * 2 + 1], xs[length xs - i - 2])
