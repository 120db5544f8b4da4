-- Tuple projections, including chained projections.
-- ==
-- input { 5 }
-- output { 5 6 7 8 }
def main (x: i32) =
  let t = ((x, x + 1), (x + 2, (x + 3, x + 4)))
  in (t.0.0, t.0.1, t.1.0, t.1.1.0)
