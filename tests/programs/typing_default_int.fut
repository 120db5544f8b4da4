-- Unconstrained integer literals default to i32.
-- ==
-- input { }
-- output { 3 4 -2147483648 }
def main =
  let a = 3
  let b = 2 + 2
  let c = 2147483647 + 1
  in (a, b, c)
