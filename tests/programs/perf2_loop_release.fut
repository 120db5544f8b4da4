-- Host loops release, at the end of every iteration, the buffers that
-- iteration allocated and the previous merge values (backend: loop),
-- keeping only the new merge values, also when they are views of
-- buffers allocated in the iteration, swapped, unchanged or updated in
-- place. Sizes include 0 and 1.
-- ==
-- entry: rotate
-- input { 3i32 [1i32, 2i32, 3i32, 4i32] }
-- output { [2i32, 3i32, 4i32, 1i32] }
-- input { 5i32 [7i32] }
-- output { [7i32] }
-- input { 2i32 empty([0]i32) }
-- output { empty([0]i32) }

-- ==
-- entry: swap
-- input { 3i32 [1i32, 2i32] [3i32, 4i32] }
-- output { [5i32, 6i32] [2i32, 3i32] }

-- ==
-- entry: sliced
-- input { 2i32 [1i32, 2i32, 3i32] }
-- output { [4i32, 8i32, 12i32] }
-- input { 0i32 [1i32, 2i32, 3i32] }
-- output { [1i32, 2i32, 3i32] }

-- ==
-- entry: nested
-- input { 3i64 [1i32, 2i32] }
-- output { [7i32, 8i32] 6i32 }
-- input { 0i64 [1i32, 2i32] }
-- output { [1i32, 2i32] 0i32 }

-- ==
-- entry: inplace
-- input { 4i64 [0i32, 0i32, 0i32, 0i32, 0i32] }
-- output { [1i32, 2i32, 3i32, 4i32, 0i32] }

-- ==
-- entry: same
-- input { 3i32 [[1f32, 2f32], [3f32, 4f32]] }
-- output { [[1f32, 2f32], [3f32, 4f32]] }

entry rotate [n] (k: i32) (xs: [n]i32) : [n]i32 =
  loop xs for _i < k do map (\j -> xs[(j + n - 1) % n]) (iota n)

entry swap [n] (k: i32) (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  loop (a, b) = (xs, ys) for _i < k do (map (+1) b, a)

entry sliced [n] (k: i32) (xs: [n]i32) : [n]i32 =
  loop xs for _i < k do
    let ys = map (* 2) (concat xs xs)
    in ys[0:n] :> [n]i32

entry nested [n] (k: i64) (xs: [n]i32) : ([n]i32, i32) =
  loop (xs, s) = (xs, 0) for i < k do
    let ys = loop ys = xs for _j < i do map (+1) ys
    in (map2 (\y x -> y - x + x + 1) ys xs, s + i32.i64 i + 1)

entry inplace [n] (k: i64) (xs: *[n]i32) : [n]i32 =
  loop xs for i < k do xs with [i] = i32.i64 i + 1

entry same [n][m] (k: i32) (xs: [n][m]f32) : [n][m]f32 =
  loop ys = xs for _i < k do ys
