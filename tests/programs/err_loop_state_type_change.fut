-- The body of a loop must return a value of the loop's state type.
-- ==
-- error: (?i)type|unify|loop
def main (n: i32) = loop x = 0i32 for _i < n do f64.i32 x
