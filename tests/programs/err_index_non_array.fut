-- Only arrays can be indexed.
-- ==
-- error: (?i)index|array|type
def main (x: i32) (i: i64) = x[i]
