-- The branches of an if must have the same type.
-- ==
-- error: (?i)type|unify|branch
def main (b: bool) = if b then 1i32 else 2.0f64
