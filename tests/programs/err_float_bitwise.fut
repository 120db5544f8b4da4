-- Bitwise operators are not defined on floats.
-- ==
-- error: (?i)type|float|integ|unify
def main (a: f64) (b: f64) = a & b
