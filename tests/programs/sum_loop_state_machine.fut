-- A sum type as the state of a sequential loop inside a map: a small
-- state machine counting runs of positive numbers.
-- ==
-- input { [[1, 2, -1, 3], [-1, -2, 5, 6], [0, 0, 0, 0]] } output { [2, 1, 0] }

type state = #outside | #inside i32

def runs [n] (xs: [n]i32) : i32 =
  let (_, count) =
    loop (s, c) = (#outside : state, 0) for x in xs do
      match s
      case #outside -> if x > 0 then (#inside 1, c + 1) else (#outside, c)
      case #inside k -> if x > 0 then (#inside (k + 1), c) else (#outside, c)
  in count

def main (xss: [][]i32) : []i32 = map runs xss
