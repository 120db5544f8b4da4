-- A decimal literal cannot be ascribed an integer type.
-- ==
-- error: (?i)type|unify|literal
def main = (1.5 : i32)
