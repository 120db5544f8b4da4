-- A lambda may not return a top-level array constant either, even when
-- it is applied at once.
-- ==
-- error: aliases the free variable "table"

def table : []f32 = [0.5, 1.5, 2.5]

def main (k: i64) = (\(i: i64) -> if i > 0 then table else []) k
