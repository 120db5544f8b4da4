-- erf and erfc.
-- ==
-- input { 0.5 }
-- output { 0.5204998778130465 0.4795001221869535 }
-- input { 0.0 }
-- output { 0.0 1.0 }
def main (x: f64) = (f64.erf x, f64.erfc x)
