-- Any index into an empty array is out of bounds.
-- ==
-- input { empty([0]f32) 0i64 }
-- error: out of bounds
def main (xs: []f32) (i: i64) = xs[i]
