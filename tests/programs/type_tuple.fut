-- Tuples, nested tuples and projections.
-- ==
-- input { 1 2.5 true }
-- output { 2.5 true 1 3 }
def main (a: i32) (b: f64) (c: bool) =
  let t = (a, (b, c), (a + 1, a + 2))
  in (t.1.0, t.1.1, t.0, t.2.1)
