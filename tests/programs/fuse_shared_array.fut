-- A step of a particle update: new velocities from a per-particle loop
-- (not cheap to recompute), then the positions from the velocities. The
-- velocities are also a result, so the map computing them has two uses;
-- still the two maps fuse into one kernel, which stores the velocities
-- and the positions (rewrite: fuse-vertical-shared).
-- ==
-- input { [0f32, 1f32, 2f32] [1f32, 0f32, -1f32] [[1i32, 2i32], [0i32, 2i32], [0i32, 1i32]] }
-- output { [2.5f32, 0f32, -2.5f32] [2.5f32, 1f32, -0.5f32] }
-- input { [3f32] [1f32] [[0i32]] }
-- output { [1f32] [4f32] }
-- structure gpu { SegMap 1 }

def main [n][m] (xs: [n]f32) (vs: [n]f32) (nb: [n][m]i32) : ([n]f32, [n]f32) =
  let vs' = map3 (\x v js ->
                    v + loop f = 0 for j in js do f + (xs[i64.i32 j] - x) * 0.5) xs vs nb
  let xs' = map2 (\x v -> x + v) xs vs'
  in (vs', xs')
