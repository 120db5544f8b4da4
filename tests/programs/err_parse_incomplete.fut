-- A syntax error: an incomplete expression.
-- ==
-- error: (?i)parse|syntax|unexpected|expected
def main (x: i32) = x +
