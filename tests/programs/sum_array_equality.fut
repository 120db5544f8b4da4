-- Equality of arrays and records of sum values.
-- ==
-- input { 1 } output { true false }

type t = #p i32 | #q

def main (x: i32) : (bool, bool) =
  let a : []t = [#p x, #q]
  let b : []t = [#p 1, #q]
  let r1 = {f = #p x : t, g = 1}
  let r2 = {f = #q : t, g = 1}
  in (a == b, r1 == r2)
