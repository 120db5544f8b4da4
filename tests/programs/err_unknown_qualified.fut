-- Using a name that a numeric module does not define.
-- ==
-- error: (?i)unknown|not defined|unbound|not in scope|undefined
def main (x: f64) = f64.frobnicate x
