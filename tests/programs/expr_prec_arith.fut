-- Multiplicative operators bind tighter than additive ones, and both
-- associate to the left.
-- ==
-- input { 2 3 4 }
-- output { 14 -5 1 2 20 }
def main (a: i32) (b: i32) (c: i32) =
  ( a + b * c       -- 2 + 12
  , a - b - c       -- (2 - 3) - 4
  , c / a / a       -- (4 / 2) / 2
  , a * c % b       -- (2 * 4) % 3
  , a + b * c - a + c * a - b + 3 -- 2+12-2+8-3+3
  )
