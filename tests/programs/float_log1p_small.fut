-- log1p is accurate for tiny arguments.
-- ==
-- input { 1e-10 }
-- output { 9.9999999995e-11 }
def main (x: f64) = f64.log1p x
