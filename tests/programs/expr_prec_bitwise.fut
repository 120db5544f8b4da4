-- &, ^ and | share one precedence level and associate to the left;
-- shifts bind tighter, additive operators tighter still; comparisons
-- bind more loosely than all of them.
-- ==
-- input { 4 1 2 }
-- output { 0 7 5 16 true 5 }
def main (a: i32) (b: i32) (c: i32) =
  ( a | b & c        -- (4 | 1) & 2 = 0
  , a ^ b | c        -- (4 ^ 1) | 2 = 7
  , b << c | b       -- (1 << 2) | 1 = 5
  , b << c + c       -- 1 << 4 = 16
  , a & b == 0       -- (4 & 1) == 0
  , a | b ^ b & a | b -- (((4 | 1) ^ 1) & 4) | 1 = 5
  )
