-- Calling an undefined function.
-- ==
-- error: (?i)unknown|not defined|unbound|not in scope|undefined
def main (x: i32) = frobnicate x
