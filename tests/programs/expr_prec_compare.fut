-- Comparisons bind more loosely than arithmetic, && more tightly than ||.
-- ==
-- input { 1 2 }
-- output { true true false true }
-- input { 5 2 }
-- output { false true true true }
def main (a: i32) (b: i32) =
  ( a + 1 < b * 2
  , a < b || a > b && b > 0
  , a * 2 > b + 5 == true
  , false && a == 1 || true
  )
