-- Record update with `with`.
-- ==
-- input { 1 2 }
-- output { 1 20 1 2 }
def main (a: i32) (b: i32) =
  let r = {x = a, y = b}
  let r' = r with y = b * 10
  in (r'.x, r'.y, r.x, r.y)
