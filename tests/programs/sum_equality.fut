-- Equality and inequality of sum values, payloads included.
-- ==
-- input { 1 1 } output { true false }
-- input { 1 2 } output { false true }

type t = #x i32 | #y i32 | #z

def main (a: i32) (b: i32) : (bool, bool) =
  let u : t = #x a
  let v : t = #x b
  let w : t = #y a
  in (u == v && u != w && (#z : t) == #z, u != v)
