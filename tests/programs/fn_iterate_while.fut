-- iterate_while applies a function while the predicate holds.
-- ==
-- input { 1 }
-- output { 128 }
-- input { 500 }
-- output { 500 }
def main (x: i32) = iterate_while (<= 100) (*2) x
