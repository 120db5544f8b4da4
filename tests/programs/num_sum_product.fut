-- sum and product from the numeric modules.
-- ==
-- input { [1, 2, 3, 4] [1.5, 2.0] }
-- output { 10 24 3.5 3.0 }
-- input { empty([0]i32) empty([0]f64) }
-- output { 0 1 0.0 1.0 }
def main (xs: []i32) (ys: []f64) = (i32.sum xs, i32.product xs, f64.sum ys, f64.product ys)
