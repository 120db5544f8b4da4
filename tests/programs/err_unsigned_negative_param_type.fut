-- Integer types are distinct: an i64 is not an i32.
-- ==
-- error: (?i)type|unify|i64|i32
def main (x: i32) (y: i64) = x + y
