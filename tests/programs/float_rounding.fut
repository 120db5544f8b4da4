-- floor, ceil, trunc and round (halfway cases to even).
-- ==
-- input { [2.5, -2.5, 1.7, -1.7, 3.5, 0.4] }
-- output { [2.0, -3.0, 1.0, -2.0, 3.0, 0.0] [3.0, -2.0, 2.0, -1.0, 4.0, 1.0] [2.0, -2.0, 1.0, -1.0, 3.0, 0.0] [2.0, -2.0, 2.0, -2.0, 4.0, 0.0] }
def main (xs: []f64) = (map f64.floor xs, map f64.ceil xs, map f64.trunc xs, map f64.round xs)
