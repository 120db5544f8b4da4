-- Loops whose array results are each other's merge parameters, (p, q) =
-- (f q, p), in a work-group's local memory (intra-group versions of a
-- host loop and of a map's loop) and in a work-item's scratch (outer
-- versions): every result is copied into its spare buffer before any
-- buffers are swapped, else q would get f q instead of p. Widths of 1,
-- 3 and 40; the tuning file takes the intra-group versions.
-- ==
-- entry: host
-- input { 3i32 [1i32] [2i32] } output { [4i32] [2i32] }
-- input { 4i32 [1i32, 2i32, 3i32] [4i32, 5i32, 6i32] }
-- output { [3i32, 4i32, 5i32] [6i32, 7i32, 8i32] }
-- random input { 5i32 [40]i32 [40]i32 } auto output

-- ==
-- entry: rows
-- input { 3i32 [[1i32, 2i32]] [[3i32, 4i32]] }
-- output { [[5i32, 6i32]] [[2i32, 3i32]] }
-- random input { 6i32 [3][40]i32 [3][40]i32 } auto output

entry host [n] (k: i32) (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  loop (p, q) = (xs, ys) for _i < k do (map (+ 1) q, p)

entry rows [m][n] (k: i32) (xss: [m][n]i32) (yss: [m][n]i32) : ([m][n]i32, [m][n]i32) =
  unzip (map2 (\xs ys -> loop (p, q) = (copy xs, copy ys) for _i < k do (map (+ 1) q, p)) xss yss)
