-- reduce of a map (a redomap).
-- ==
-- input { [1.0f32, 2.0f32, 3.0f32] }
-- output { 14.0f32 }
def main (xs: []f32) = reduce (+) 0 (map (\x -> x * x) xs)
