-- Record update of a nested field.
-- ==
-- input { 1 2 3 }
-- output { 1 100 3 2 }
def main (a: i32) (b: i32) (c: i32) =
  let r = {inner = {p = a, q = b}, z = c}
  let r' = r with inner.q = 100
  in (r'.inner.p, r'.inner.q, r'.z, r.inner.q)
