-- A closure may be used freely until what it holds on to is consumed; a
-- partial application may consume a fresh array; a lambda may consume
-- its own parameters.
-- ==
-- input { [1, 2, 3] } output { [10, 2, 3] 7 [0, 0, 1] [[9, 1], [9, 1]] }

def set0 (xs: *[]i32) (v: i32) : *[]i32 = xs with [0] = v

def main (xs: *[]i32) =
  let at (i: i64) = xs[i]
  let get = \(i: i64) -> xs[i]
  let s = at 1 + get 2 + 2
  let g = set0 (replicate 3 1)
  let zs = g 0 with [1] = 0
  let rows = map (\(r: [2]i32) -> let r2 = copy r in r2 with [0] = 9) (replicate 2 [1, 1])
  let xs[0] = 10
  in (xs, s, zs, rows)
