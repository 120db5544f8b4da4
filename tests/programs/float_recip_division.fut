-- Float division and the remainder operator.
-- ==
-- input { 7.5 2.0 }
-- output { 3.75 1.5 }
def main (x: f64) (y: f64) = (x / y, x % y)
