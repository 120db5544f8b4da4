-- Using an undefined type.
-- ==
-- error: (?i)unknown|not defined|unbound|not in scope|undefined
def main (x: vec3) = x
