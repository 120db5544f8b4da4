-- Projecting a field a tuple does not have.
-- ==
-- error: (?i)field|tuple|record|2
def main (x: i32) = let t = (x, x) in t.2
