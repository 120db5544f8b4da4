-- The operator of reduce must have the element type.
-- ==
-- error: (?i)type|unify
def main (xs: []i32) = reduce (\(a: f64) (b: f64) -> a + b) 0 xs
