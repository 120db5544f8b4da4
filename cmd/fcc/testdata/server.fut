-- Entry points for the server-protocol tests (server_test.go): arrays,
-- scalars, a consumed parameter, a record and a tuple as values, and an
-- entry point that can fail.

entry double (xs: []f32) : []f32 = map (* 2) xs

entry sum (xs: []f32) : f32 = reduce (+) 0 xs

entry stats (xs: []f32) : {mean: f32, n: i64} =
  {mean = reduce (+) 0 xs / f32.i64 (length xs), n = length xs}

entry mean (s: {mean: f32, n: i64}) : f32 = s.mean

entry pair (x: i32) (ys: []i32) : (i32, []i32) = (x, map (+ x) ys)

entry set0 (xs: *[]i32) : *[]i32 = xs with [0] = 42

entry get (xs: []i32) (i: i64) : i32 = xs[i]

entry transp (m: [][]f64) : [][]f64 = transpose m

entry sumi (xs: []i64) : i64 = reduce (+) 0 xs
