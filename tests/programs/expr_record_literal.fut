-- Record literals, field access and field punning.
-- ==
-- input { 2 3 }
-- output { 2 3 5 }
def main (x: i32) (y: i32) =
  let r = {x, y, sum = x + y}
  in (r.x, r.y, r.sum)
