-- Records nested in records.
-- ==
-- input { 1 2 3 }
-- output { 6 2 }
type inner = {p: i32, q: i32}
type outer = {i: inner, r: i32}

def main (a: i32) (b: i32) (c: i32) =
  let o: outer = {i = {p = a, q = b}, r = c}
  in (o.i.p + o.i.q + o.r, o.i.q)
