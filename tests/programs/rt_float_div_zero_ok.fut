-- Float division by zero is not an error.
-- ==
-- input { 1.0 0.0 }
-- output { f64.inf }
-- input { -1.0 0.0 }
-- output { -f64.inf }
def main (x: f64) (y: f64) = x / y
