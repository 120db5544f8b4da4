-- A syntax error: unbalanced parentheses.
-- ==
-- error: (?i)parse|syntax|unexpected|expected|unclosed|unbalanced
def main (x: i32) = (x + (1 * 2)
