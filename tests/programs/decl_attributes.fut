-- Attributes on declarations and expressions are accepted; the ones
-- with a meaning do not change results.
-- ==
-- input { [1, 2, 3, 4] 2i64 }
-- output { 3 20 10 }
#[inline]
def inc (x: i32) = x + 1

#[noinline]
def double (x: i32) = x * 2

def main (xs: []i32) (i: i64) =
  let a = #[unsafe] xs[i]
  let s = #[sequential] reduce (+) 0 (map double xs)
  let t = #[unroll] loop acc = 0 for j < 4 do acc + xs[j]
  in (inc (a - 1), s, t)
