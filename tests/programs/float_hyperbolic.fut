-- sinh, cosh and tanh.
-- ==
-- input { 1.0 }
-- output { 1.1752011936438014 1.5430806348152437 0.7615941559557649 }
def main (x: f64) = (f64.sinh x, f64.cosh x, f64.tanh x)
