-- asinh, acosh and atanh.
-- ==
-- input { 1.0 2.0 0.5 }
-- output { 0.881373587019543 1.3169578969248166 0.5493061443340548 }
def main (a: f64) (b: f64) (c: f64) = (f64.asinh a, f64.acosh b, f64.atanh c)
