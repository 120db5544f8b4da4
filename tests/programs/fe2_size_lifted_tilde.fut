-- A size-lifted type parameter ('~a) may be instantiated with an array
-- whose size the function argument computes; so may '^a (as in |>).
-- Sizes known outside the function (a constant slice, a name bound
-- outside, a coercion) are fine for a plain parameter such as map's.
-- ==
-- input { [3, -1, 4, -1, 5] 2i64 }
-- output { [3, 4, 5] [4, 5] 3i64 [[3, -1], [3, -1]] [[3, -1], [3, -1]] [[-1, 4], [-1, 4]] }

def apply '~a (g: i32 -> a) (x: i32) : a = g x

def apply_lifted '^a (g: i32 -> a) (x: i32) : a = g x

def main (xs: []i32) (k: i64) =
  let pos = apply (\y -> filter (>y) xs) 0
  let big = apply_lifted (\y -> filter (>y) xs) 3
  let n = xs |> filter (>0) |> length
  let rows = replicate 2 xs
  in (pos, big, n,
      map (\r -> r[:2]) rows,
      map (\r -> r[0:k]) rows,
      map (\r -> (r[1:3] :> [2]i32)) rows)
