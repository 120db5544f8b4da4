-- k-means assignment: the reduction runs over rows of the centres (its
-- elements are arrays), which the 1-D rule does not tile; the distances
-- inside are 2-D only after flattening, when the outer version is not
-- taken.
def dist [d] (p: [d]f32) (c: [d]f32) : f32 = f32.sum (map2 (\x y -> (x - y) * (x - y)) p c)

def main [n][k][d] (ps: [n][d]f32) (cs: [k][d]f32) : [n]i64 =
  map (\p -> let ds = map (dist p) cs
             in (reduce (\(a, i) (b, j) -> if a <= b then (a, i) else (b, j)) (f32.inf, -1) (zip ds (iota k))).1) ps
