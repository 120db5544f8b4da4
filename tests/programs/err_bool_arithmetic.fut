-- Booleans are not numbers.
-- ==
-- error: (?i)type|bool|numeric|unify
def main (a: bool) (b: bool) = a * b
