-- The attributes Futhark documents are accepted on expressions,
-- declarations and patterns, and do not change a program's result.
-- ==
-- input { [1, 2, 3] } output { 12 [2, 3, 4] }

#[inline]
def inc (x: i32) = x + 1

#[noinline]
def twice (x: i32) = 2 * x

#[doc]
def sum' (xs: []i32) = #[sequential] reduce (+) 0 xs

def main (xs: []i32) =
  let #[maybe_unused] unused = 0i32
  let s = #[unsafe] #[trace] twice (sum' xs)
  let ys = #[incremental_flattening(only_inner)] #[sequential_outer] map inc xs
  let zs = #[unroll] loop acc = ys for _i < 0 do acc
  in (#[break] s, #[opaque] zs)
