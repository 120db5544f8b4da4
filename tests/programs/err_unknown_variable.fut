-- Using an undefined variable.
-- ==
-- error: (?i)unknown|not defined|unbound|not in scope|undefined
def main (x: i32) = x + y
