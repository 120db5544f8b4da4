-- An argument of the wrong type is rejected.
-- ==
-- error: (?i)type|unify|argument
def f (x: i32) = x * 2

def main (y: f64) = f y
