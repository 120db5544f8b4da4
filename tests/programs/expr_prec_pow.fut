-- ** binds tighter than * and associates to the left.
-- ==
-- input { 2 3 }
-- output { 64 18 17 }
def main (a: i32) (b: i32) =
  ( a ** b ** 2   -- (2 ** 3) ** 2
  , a * b ** a    -- 2 * 9
  , a ** b * a + 1 -- 8 * 2 + 1
  )
