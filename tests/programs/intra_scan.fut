-- Intra-group versions of scans and non-commutative reductions: each
-- row's prefix sums, taken in a loop, by one work-group (a chunk per
-- work-item, the chunks' totals scanned across the group in local
-- memory); and per row the last non-zero element, a reduction whose
-- operator is not commutative (fused with a sum), then a map by both:
-- each work-item folds a contiguous chunk and the tree keeps their
-- order. The tuning file takes the intra-group versions wherever they
-- fit.
-- ==
-- entry: prefix
-- input { [[1i32, 2i32, 3i32], [4i32, 5i32, 6i32]] } auto output
-- input { [[7i32], [8i32]] } auto output
-- random input { [4][45]i32 } auto output
-- compiled random input { [3][1024]i32 } auto output
-- compiled random input { [2][3000]i32 } auto output
-- compiled random input { [200][77]i32 } auto output

-- ==
-- entry: lastnz
-- input { [[1i32, 0i32, 3i32, 0i32], [0i32, 0i32, 0i32, 0i32]] } auto output
-- random input { [5][40]i32 } auto output
-- compiled random input { [3][700]i32 } auto output
-- compiled random input { [2][2000]i32 } auto output

entry prefix [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\xs -> loop xs for i < 4 do
                let ys = scan (+) 0 xs
                in map2 (\y x -> (y ^ x) % 1000 + i32.i64 i) ys xs) xss

entry lastnz [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\xs -> let ys = map (\x -> if x % 3 == 0 then 0 else x) xs
              let l = reduce (\a b -> if b != 0 then b else a) 0 ys
              let s = reduce (+) 0 (map (\y -> y % 7) ys)
              in map (\y -> y * l + s) ys) xss
