-- Sizes written [] in parameters are inferred from the body: here x and y
-- must have one size, which an entry point checks when it is called.
-- ==
-- entry: saxpy
-- input { 2f32 [1f32, 2f32, 3f32] [4f32, 5f32, 6f32] }
-- output { [6f32, 9f32, 12f32] }
-- input { 2f32 [1f32, 2f32, 3f32] [4f32, 5f32] }
-- error: .
-- compiled random input { 0.5f32 [1000]f32 [1000]f32 } auto output

-- ==
-- entry: sums
-- input { [1, 2] [3] } output { 6 }

-- ==
-- entry: pick
-- input { [true, false, true] [0i64, 1i64, 5i64] [[1, 2], [3, 4]] [[5, 6], [7, 8]] }
-- output { [[1, 2], [7, 8], [3, 4]] }

entry saxpy (a: f32) (x: []f32) (y: []f32) : []f32 =
  map2 (+) (map (a *) x) y

-- The size of bs and is is inferred as one; n and k are named.
entry pick [n] [k] (bs: []bool) (is: []i64) (xs: [n][k]i32) (ys: [n][k]i32) =
  map2 (\b i ->
          let j = i % n
          in if b then xs[j] else ys[j])
       bs
       is

-- A size nothing constrains stays a size of its own.
def total (xs: []i32) (ys: []i32) : i32 = i32.sum xs + i32.sum ys

entry sums (xs: []i32) (ys: []i32) = total xs ys
