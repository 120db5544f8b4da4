-- f64 arithmetic happens in double precision.
-- ==
-- input { 16777216.0 1.0 }
-- output { 16777217.0 0.5 4294967296.0 }
def main (a: f64) (b: f64) = (a + b, b / 2, a * 256)
