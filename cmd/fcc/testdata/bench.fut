-- A small benchmark: two entry points, named and random data sets.
-- ==
-- entry: main twice
-- "small" input { [1f32, 2f32, 3f32] }
-- random input { [1000]f32 }
-- nobench input { [1f32] }
-- input { empty([0]f32) } error: never
def sumd (xs: []f32) : f32 = reduce (+) 0 (map (*2) xs)
def main (xs: []f32) : f32 = sumd xs
entry twice (xs: []f32) : f32 = sumd xs * 2
