-- Adding a boolean to an integer is a type error.
-- ==
-- error: (?i)type|unify|bool
def main (x: i32) = x + true
