-- Issue 22's program in its intra-group version: per map element a
-- block in local memory, initialised by a replicate the group fills,
-- each step's row a map over the group's work-items written into the
-- block in place (an update of a row, of part of a row, of an element),
-- no copy of the block per step. The tuning file takes the intra-group
-- versions wherever they fit.
-- ==
-- entry: rows
-- input { 3i64 1i64 } auto output
-- input { 2i64 33i64 } auto output
-- compiled input { 50i64 40i64 } auto output

-- ==
-- entry: slices
-- input { 2i64 35i64 } auto output
-- compiled input { 9i64 64i64 } auto output

-- ==
-- entry: reread
-- input { 2i64 34i64 } auto output
-- compiled input { 100i64 45i64 } auto output

entry rows (n: i64) (m: i64) : [n][m][m]i32 =
  map (\b -> loop a = replicate m (replicate m (i32.i64 b)) for i < m do
               let row = map (\j -> a[i, j] + i32.i64 j) (iota m)
               let a[i] = row
               in a) (iota n)

entry slices (n: i64) (m: i64) : [n][m][m]i32 =
  map (\b -> loop a = replicate m (replicate m (i32.i64 b)) for i < m do
               let r = map (\j -> a[i, j] * 2 + i32.i64 j) (iota (m - 1))
               let a[i, 1:] = r
               in a) (iota n)

entry reread (n: i64) (m: i64) : [n][m][m]i32 =
  map (\b -> loop a = replicate m (replicate m (i32.i64 b)) for i < m do
               let row = map (\j -> a[i, j] + i32.i64 (i * j)) (iota m)
               let a[i] = row
               let s = a[i, m - 1] + a[(i + 1) % m, 0]
               let a[(i + 1) % m, 0] = s
               in a) (iota n)
