-- segmented_replicate: each value repeated as often as its count says.
-- ==
-- input { empty([0]i64) empty([0]f64) }
-- output { empty([0]f64) }
-- input { [0i64] [-1.0f64] }
-- output { empty([0]f64) }
-- input { [3i64] [-1.0f64] }
-- output { [-1.0f64, -1.0f64, -1.0f64] }
-- input { [2i64, 0i64, 3i64, 1i64] [-1.0f64, -0.5f64, 0.0f64, 0.5f64] }
-- output { [-1.0f64, -1.0f64, 0.0f64, 0.0f64, 0.0f64, 0.5f64] }
-- input { [0i64, 0i64, 4i64, 0i64, 1i64, 0i64] [-1.0f64, -0.5f64, 0.0f64, 0.5f64, 1.0f64, 1.5f64] }
-- output { [0.0f64, 0.0f64, 0.0f64, 0.0f64, 1.0f64] }
-- input { [1i64, 1i64, 1i64, 1i64, 1i64, 1i64] [-1.0f64, -0.5f64, 0.0f64, 0.5f64, 1.0f64, 1.5f64] }
-- output { [-1.0f64, -0.5f64, 0.0f64, 0.5f64, 1.0f64, 1.5f64] }
-- input { [0i64, 3i64, 2i64, 1i64, 0i64, 3i64, 2i64, 1i64, 0i64] [-1.0f64, -0.5f64, 0.0f64, 0.5f64, 1.0f64, 1.5f64, 2.0f64, 2.5f64, 3.0f64] }
-- output { [-0.5f64, -0.5f64, -0.5f64, 0.0f64, 0.0f64, 0.5f64, 1.5f64, 1.5f64, 1.5f64, 2.0f64, 2.0f64, 2.5f64] }

import "lib/github.com/fcclang/segmented/segmented"

def main [n] (reps: [n]i64) (vs: [n]f64) : []f64 = segmented_replicate reps vs
