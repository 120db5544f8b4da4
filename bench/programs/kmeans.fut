-- k-means clustering: a fixed number of Lloyd iterations from the first
-- k points as initial centres. Each iteration assigns every point to its
-- nearest centre (a map with an inner argmin over k distances of d
-- dimensions) and recomputes the centres with reduce_by_index.
-- ==
-- random input { 16i64 10i32 [1048576][32]f32 }

def dist [d] (a: [d]f32) (b: [d]f32) : f32 =
  f32.sum (map2 (\x y -> (x - y) * (x - y)) a b)

def closest [k][d] (centres: [k][d]f32) (p: [d]f32) : i64 =
  let (_, i) =
    reduce (\(da, ia) (db, ib) ->
              if da < db || (da == db && ia < ib) then (da, ia) else (db, ib))
           (f32.inf, -1)
           (zip (map (dist p) centres) (iota k))
  in i

def main [n][d] (k: i64) (iterations: i32) (points: [n][d]f32) : [k][d]f32 =
  let centres0 = take k points
  in loop centres = centres0 for _i < iterations do
       let membership = map (closest centres) points
       let counts = hist (+) 0 k membership (replicate n 1i32)
       let sums = reduce_by_index (replicate k (replicate d 0f32))
                                  (map2 (+)) (replicate d 0f32)
                                  membership points
       in map2 (\s c -> map (/ f32.i32 (i32.max c 1)) s) sums counts
