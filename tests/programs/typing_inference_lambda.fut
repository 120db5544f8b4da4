-- Lambda parameter types are inferred from their use.
-- ==
-- input { [1.5, 2.5] }
-- output { [3.0, 5.0] 4.0 }
def main (xs: []f64) = (map (\x -> x * 2) xs, reduce (\a b -> a + b) 0 xs)
