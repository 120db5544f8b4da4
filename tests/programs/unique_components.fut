-- Unique components that are distinct arrays: from tuple and record
-- parameters, calls whose results are fresh, and loops that consume
-- their parameters.
-- ==
-- input { [1, 2] [3, 4] } output { [9, 4] [1, 9] [0i64, 1i64] [0i64, 1i64] [3, 4] [3, 4] }

def fresh2 (n: i64) = (iota n, iota n)

def swap (p: (*[]i32, *[]i32)) : (*[]i32, *[]i32) = (p.1, p.0)

def flip (r: {x: *[]i32, y: *[]i32}) : {x: *[]i32, y: *[]i32} = {x = r.y, y = r.x}

def main (xs: *[]i32) (ys: *[]i32) : (*[]i32, *[]i32, *[]i64, *[]i64, []i32, []i32) =
  let (a, b) = swap (xs, ys)
  let {x = a, y = b} = flip {x = b, y = a}
  let (c, d) = fresh2 2
  let (e, f) = loop (e: *[]i32, f: *[]i32) = (copy a, copy a) for _i < 2 do (f, e)
  in (a with [0] = 9, b with [1] = 9, c, d, e, f)
