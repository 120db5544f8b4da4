-- f16 literals and arithmetic.
-- ==
-- input { 0.25f16 }
-- output { 1.5f16 2.25f16 }
def main (x: f16) = (1.5f16, 2f16 + x)
