-- Run-time errors, one entry point each (tests/errors checks the
-- locations: keep the lines where they are).
entry index (xs: []i32) (i: i64) : i32 =
  xs[i]

entry kindex (xs: []i32) (is: []i64) : []i32 =
  map (\i -> xs[i]) is

entry assertion (x: i32) : i32 =
  assert (x > 0) (x * 2)

entry divide (x: i32) (y: i32) : i32 =
  x / y

entry kdivide (xs: []i32) (y: i32) : []i32 =
  map (\x -> x % y) xs

entry coerce [n] (xs: [n]i32) (m: i64) : [m]i32 =
  xs :> [m]i32

entry unflat (n: i64) (m: i64) (xs: []i32) : [][]i32 =
  unflatten (xs :> [n*m]i32)

entry huge (x: f32) : []f32 =
  replicate (1 << 40) x

entry args (x: i32) (ys: []f32) : f32 =
  f32.i32 x + reduce (+) 0 ys

entry kassertion (xs: []i32) : []i32 =
  map (\x -> assert (x > 0) (x + 1)) xs

entry kcoerce [n] (xss: [n][]i32) (k: i64) : [n][k]i32 =
  map (\r -> r :> [k]i32) xss

entry hugemap (n: i64) : [][]f32 =
  map (\i -> replicate n (f32.i64 i)) (iota n)

entry hole (x: i32) : i32 =
  if x > 0 then x else ???

entry khole (xs: []i32) : []i32 =
  map (\x -> if x > 0 then x else ???) xs

def down (n: i64) : i64 = if n == 0 then 0 else 1 + down (n - 1)

entry deep (n: i64) : i64 = down n
