-- Kept functions with array parameters and results, called at host
-- level: #[noinline] keeps them; the sizes of the results come back from
-- the call (issue 20).
-- ==
-- input { [1f32, 2f32, 3f32, 4f32] }
-- output { [2f32, 3f32, 3f32, 2f32] 10f32 [3.5f32, 5.5f32, 6.5f32, 4.5f32] }
-- input { empty([0]f32) }
-- output { empty([0]f32) 0f32 empty([0]f32) }

#[noinline]
def smooth [n] (xs: [n]f32) : [n]f32 =
  map (\i -> (xs[i] + xs[(i + 1) % n]) / 2) (iota n)

#[noinline]
def stats (xs: []f32) : (f32, []f32) =
  (f32.sum xs, reverse xs)

#[inline]
def twice [n] (xs: [n]f32) : [n]f32 = smooth (smooth xs)

def main [n] (xs: [n]f32) : ([n]f32, f32, []f32) =
  let ys = twice xs
  let (s, r) = stats (map2 (+) ys (smooth xs))
  in (ys, s - reduce (+) 0 ys, reverse r)
