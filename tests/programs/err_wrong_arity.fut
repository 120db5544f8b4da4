-- Applying a function to too many arguments is a type error.
-- ==
-- error: (?i)type|function|argument|appl|unify
def f (x: i32) = x + 1

def main (x: i32) = f x x
