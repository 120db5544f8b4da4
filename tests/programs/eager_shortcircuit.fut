-- Short-circuits in loops inside kernels, which the lower pass makes
-- eager (rewrite/lower/eager.go): the skipped operand is computed anyway,
-- its reads out of bounds read nothing, and its failures are reported
-- only where the short-circuit would have evaluated it.
-- ==
-- entry: pull
-- input { [0, -1, -1, -1, -1] [0, 1, 3, 3, 4] [1, 2, 0, 1, 0] [1, 0, 3, 1] 0 }
-- output { [0, 1, -1, -1, -1] true }
-- input { [0, -1, -1, -1, -1, -1] [0, 1, 4, 8, 13, 22] [1, 3, 4, 5, 9, 0] [1, 5, 4, 0, 0, 5, 5, 5, 1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0] 0 }
-- output { [0, 1, 1, -1, 1, -1] true }
-- input { [-1, -1, -1, -1, -1, -1] [0, 1, 4, 8, 13, 22] [1, 3, 4, 5, 9, 0] [1, 5, 4, 0, 0, 5, 5, 5, 1, 2, 3, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 0] 0 }
-- output { [-1, -1, -1, -1, -1, -1] false }
-- input { empty([0]i32) empty([0]i32) empty([0]i32) empty([0]i32) 0 }
-- output { empty([0]i32) false }
-- input { [-1, -1] [0, 1] [1, 1] [0, 2] 0 }
-- error: out of bounds

-- One level of a breadth-first search that pulls (bench/apps/bfs.fut):
-- each unreached node (cost -1) looks for a neighbour of the level
-- before among its d edges from s, and whether any node changed.
entry pull [n][m] (cost: [n]i32) (start: [n]i32) (degree: [n]i32) (edges: [m]i32) (level: i32) : ([n]i32, bool) =
  let next =
    map3 (\c s d ->
            if c >= 0 then c
            else let found = loop found = false for e < d do
                               found || cost[edges[s + e]] == level
                 in if found then level + 1 else -1)
         cost start degree
  in (next, any id (map2 (!=) next cost))

-- ==
-- entry: first_positive
-- input { [0, 5, 0] [[1i64, 7i64, -3i64], [0i64, 2i64, 1i64], [2i64, 0i64, 1i64], [0i64, 0i64, 0i64]] }
-- output { [true, true, true, false] }
-- input { [0, 5, 0] [[0i64, 7i64, 1i64]] }
-- error: out of bounds
-- input { [0, 5, 0] [[0i64, 2i64, -1i64]] }
-- error: out of bounds
-- input { [1] empty([0][3]i64) }
-- output { empty([0]bool) }

-- Whether some xs[i] of a row of is is positive, reading no further than
-- the first: an index out of bounds after it is never evaluated.
entry first_positive (xs: []i32) (iss: [][3]i64) : []bool =
  map (\is -> loop found = false for i < 3 do found || xs[is[i]] > 0) iss

-- ==
-- entry: all_positive
-- input { [0, 5, 1] [[1i64, 0i64, 9i64], [1i64, 2i64, 1i64], [2i64, 1i64, 0i64]] }
-- output { [false, true, false] }
-- input { [0, 5, 1] [[1i64, 3i64, 0i64]] }
-- error: out of bounds

-- The other short-circuit: `&&` stops at the first false.
entry all_positive (xs: []i32) (iss: [][3]i64) : []bool =
  map (\is -> loop ok = true for i < 3 do ok && xs[is[i]] > 0) iss

-- ==
-- entry: zeros_inside
-- input { [0, 1, 0, 2] [[0i64, 4i64, 2i64, 9i64, -1i64], [1i64, 3i64, 5i64, 4i64, 0i64]] }
-- output { [5, 3] }
-- input { empty([0]i32) [[0i64, 1i64, -1i64, 0i64, 2i64]] }
-- output { [5] }

-- `j < 0 || j >= n || xs[j] == 0`: the read is guarded by the condition,
-- from which the prove pass proves it in bounds; eagerly it runs for
-- every j and must still read nothing outside xs.
entry zeros_inside [n] (xs: [n]i32) (jss: [][5]i64) : []i32 =
  map (\js -> loop c = 0 for i < 5 do
                let j = js[i]
                in if j < 0 || j >= n || xs[j] == 0 then c + 1 else c) jss

-- ==
-- entry: search
-- input { [3, 1, 4, 1, 5, 9, 2, 6] [4, 7, 3, 6] }
-- output { [2, 8, 0, 7] }
-- input { empty([0]i32) [1, 2] }
-- output { [0, 0] }

-- A while loop whose condition reads past the end of xs on its last
-- test, where `i < n` is false.
entry search [n] (xs: [n]i32) (vs: []i32) : []i64 =
  map (\v -> loop i = 0 while i < n && xs[i] != v do i + 1) vs
