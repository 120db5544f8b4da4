-- In-place updates whose path mixes record fields and indices, in both
-- forms: the let sugar (`let r.x[i] = v`) and `with` (`r with x[i] = v`,
-- `a with [i].f = v`), through nested records, tuples, 2-D indices and
-- slices. The update consumes the record (or array) it goes through.
-- ==
-- entry: let_field_index with_field_index
-- input { [1,2,3] 1i64 10 } output { [1,10,3] 7 }
-- input { [5] 0i64 -1 } output { [-1] 7 }

entry let_field_index (xs: *[]i32) (i: i64) (v: i32) =
  let r = {x = xs, n = 7}
  let r.x[i] = v
  in (r.x, r.n)

entry with_field_index (xs: *[]i32) (i: i64) (v: i32) =
  let r = {x = xs, n = 7}
  let r' = r with x[i] = v
  in (r'.x, r'.n)

-- Arrays of records: an index, then a field.
-- ==
-- entry: let_index_field with_index_field
-- input { [1,2,3] [4,5,6] 2i64 0 } output { [1,2,0] [4,5,6] }

entry let_index_field (fs: []i32) (gs: []i32) (i: i64) (v: i32) =
  let a = map2 (\f g -> {f, g}) fs gs
  let a[i].f = v
  in (map (.f) a, map (.g) a)

entry with_index_field (fs: []i32) (gs: []i32) (i: i64) (v: i32) =
  let a = map2 (\f g -> {f, g}) fs gs
  in (a with [i].f = v) |> \b -> (map (.f) b, map (.g) b)

-- Nested records, tuple fields, and a chain of lets without `in`.
-- ==
-- entry: nested
-- input { [1,2,3] [7,8] } output { [1,2,30] [70,8] 4 }

entry nested (xs: *[]i32) (ys: *[]i32) =
  let r = {p = {q = xs, k = 1}, t = (ys, 4)}
  let r.p.q[2] = 30
  let r = r with t.0[0] = 70
  in (r.p.q, r.t.0, r.t.1 + r.p.k - 1)

-- Two-dimensional indices, written as one index or as two.
-- ==
-- entry: two_d
-- input { [[1,2],[3,4]] } output { [[1,20],[30,40]] 9 }

entry two_d (m: *[][]i32) =
  let r = {m, s = 9}
  let r.m[0, 1] = 20
  let r = r with m[1][0] = 30
  let r.m[1][1] = 40
  in (r.m, r.s)

-- Slices: the whole update is a slice, or a slice is followed by an index
-- (which then updates a copy of the slice and writes it back).
-- ==
-- entry: slices
-- input { [1,2,3,4,5] } output { [1,0,0,4,5] [1,0,9,4,5] }

entry slices (xs: *[]i32) =
  let r = {x = xs}
  let r.x[1:3] = [0, 0]
  let r2 = copy r with x[1:3][1] = 9
  in (r.x, r2.x)

-- An index, a field and an index again (`[i].xs[j]`), and a record whose
-- base is not a variable.
-- ==
-- entry: deep
-- input { 1i64 2i64 } output { [[0,0,0],[0,0,5]] [0,1] [[7,0,0],[0,0,0]] }

entry deep (i: i64) (j: i64) =
  let a = map (\k -> {xs = replicate 3 0i32, k = i32.i64 k}) (iota 2)
  let a[i].xs[j] = 5
  let b = {m = replicate 2 (replicate 3 0i32)} with m[0, 0] = 7
  in (map (.xs) a, map (.k) a, b.m)
