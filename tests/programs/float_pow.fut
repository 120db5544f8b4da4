-- ** on floats.
-- ==
-- input { 2.0 0.5 }
-- output { 1.4142135623730951 4.0 1.0 }
def main (x: f64) (y: f64) = (x ** y, x ** 2, x ** 0)
