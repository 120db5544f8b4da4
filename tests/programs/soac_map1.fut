-- map1 is map on a single array.
-- ==
-- input { [1.0, -2.0] }
-- output { [-1.0, 2.0] }
def main (xs: []f64) = map1 f64.neg xs
