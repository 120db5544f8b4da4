-- A scatter whose values are a replicate of a scalar computes each value
-- in its kernel instead of reading an array the host made
-- (backend/scatter.go computedInputs; BFS's costs of a level). Edge
-- sizes: no element, writes past either end (ignored), several writes to
-- one element (the same value), a value computed on the host, a constant,
-- and a replicate that something else reads too (the host makes it).
-- ==
-- entry: mark
-- input { [0, 0, 0, 0] [1i64, 3i64] 5 } output { [0, 6, 0, 6] }
-- input { [0, 0, 0] [-1i64, 3i64, 2i64, 2i64] 1 } output { [0, 0, 2] }
-- input { [7, 8] empty([0]i64) 1 } output { [7, 8] }
-- input { empty([0]i32) [0i64, -5i64] 1 } output { empty([0]i32) }
-- compiled random input { [1000]i32 [3000]i64 7 } auto output

entry mark [n][k] (xs: [n]i32) (is: [k]i64) (v: i32) : [n]i32 =
  scatter (copy xs) is (replicate k (v + 1))

-- ==
-- entry: levels
-- input { 5i64 [4i64, 0i64, 2i64, 1i64] } output { [1, 3, 2, -1, 0] }
-- input { 3i64 empty([0]i64) } output { [-1, -1, -1] }
-- input { 0i64 [0i64, 1i64] } output { empty([0]i32) }

-- Step t writes t to the elements is[t:]: a host loop whose scatter's
-- values are a replicate of the step's own size and value.
entry levels [k] (n: i64) (is: [k]i64) : [n]i32 =
  loop a = replicate n (-1) for t < k do
    let js = is[t:]
    in scatter a js (replicate (length js) (i32.i64 t))

-- ==
-- entry: shared
-- input { [1, 2, 3] [2i64, 0i64] 9 } output { [9, 2, 9] [9, 9] }
-- input { [1, 2] empty([0]i64) 4 } output { [1, 2] empty([0]i32) }

-- The replicate is also a result: the host makes it.
entry shared [n][k] (xs: [n]i32) (is: [k]i64) (v: i32) : ([n]i32, [k]i32) =
  let vs = replicate k v
  in (scatter (copy xs) is vs, vs)

-- ==
-- entry: constant
-- input { [1, 2, 3, 4] [3i64, 3i64, 0i64] } output { [-2, 2, 3, -2] }

entry constant [n][k] (xs: [n]i32) (is: [k]i64) : [n]i32 =
  scatter (copy xs) is (replicate k (-2))
