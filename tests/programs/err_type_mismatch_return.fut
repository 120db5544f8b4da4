-- The body must match the declared return type.
-- ==
-- error: (?i)type|unify|bool
def main (x: i32) : bool = x + 1
