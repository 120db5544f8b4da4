-- nextafter moves to the adjacent representable number.
-- ==
-- input { 1.0 }
-- output { 1.0000000000000002 0.9999999999999999 true }
def main (x: f64) =
  (f64.nextafter x 2, f64.nextafter x 0, f32.nextafter 1 2 > 1)
