-- A stencil over iotas inside a loop (HotSpot's shape): the column iota is
-- hoisted to the host, and the kernel reads its elements as arithmetic
-- instead of loading them. (The nest has no outer-parallel version any
-- more, which a tuning file selected here: a map nest whose only
-- sequential code is recomputed per point is one kernel, flatten's
-- oneKernel.)
-- ==
-- input { 3i32 [[1f32, 2f32, 3f32], [4f32, 5f32, 6f32]] [[0.5f32, 0f32, 1f32], [2f32, 0f32, 0.25f32]] }
-- auto output
-- compiled random input { 4i32 [33][65]f32 [33][65]f32 } auto output

def main [r][c] (iterations: i32) (temp0: [r][c]f32) (power: [r][c]f32) : [r][c]f32 =
  loop temp = temp0 for _i < iterations do
    map (\i ->
           map (\j ->
                  let t = temp[i, j]
                  let n = temp[i64.max (i - 1) 0, j]
                  let s = temp[i64.min (i + 1) (r - 1), j]
                  let w = temp[i, i64.max (j - 1) 0]
                  let e = temp[i, i64.min (j + 1) (c - 1)]
                  in t + 0.5 * power[i, j] + (s + n - 2 * t) * 0.25 + (e + w - 2 * t) * 0.125)
               (iota c))
        (iota r)
