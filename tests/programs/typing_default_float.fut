-- Unconstrained decimal literals default to f64.
-- ==
-- input { }
-- output { 2.5 0.30000000000000004 }
def main =
  let a = 2.5
  let b = 0.1 + 0.2
  in (a, b)
