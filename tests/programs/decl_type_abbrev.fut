-- Type abbreviations.
-- ==
-- input { 3.0 4.0 }
-- output { 5.0 }
type point = (f64, f64)
type real = f64

def norm ((x, y): point) : real = f64.sqrt (x * x + y * y)

def main (x: real) (y: real) = norm (x, y)
