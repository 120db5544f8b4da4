-- Accessing a field a record does not have.
-- ==
-- error: (?i)field|record|z
def main (x: i32) = let r = {a = x, b = x} in r.z
