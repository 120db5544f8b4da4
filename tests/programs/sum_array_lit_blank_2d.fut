-- As sum_array_lit_blank, with two-dimensional payloads and two
-- constructors sharing the slot.
-- ==
-- input { 2i32 } output { [0, 10, 6] }

type shape = #empty | #grid ([][]i32) | #other ([][]i32)

def total (s: shape) : i32 =
  match s
  case #empty -> 0
  case #grid g -> i32.sum (flatten g)
  case #other g -> i32.sum (map i32.product g)

def main (k: i32) : []i32 =
  map total [#empty, #grid [[1, 2], [3, 4]], #other [[1, k], [k, k]]]
