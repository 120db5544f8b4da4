-- Comma-separated sequences may end with a trailing comma.
-- ==
-- input { 1 }
-- output { 1 3 3i64 }
-- input { 10 }
-- output { 10 12 3i64 }
def main (x: i32) =
  let arr = [x, x + 1, x + 2,]
  let t = (arr[0], arr[2],)
  let r = {p = t.0, q = t.1,}
  in (r.p, r.q, length arr)
