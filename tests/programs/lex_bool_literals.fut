-- The boolean literals.
-- ==
-- input { true }
-- output { true false true true }
-- input { false }
-- output { true false false false }
def main (b: bool) = (true, false, b && true, b || false)
