-- Consecutive lets need no `in` except on the last.
-- ==
-- input { 2 }
-- output { 30 }
def main (x: i32) =
  let a = x + 1
  let b = a * a
  let c = b + a + a
  let d = c * 2 in d
