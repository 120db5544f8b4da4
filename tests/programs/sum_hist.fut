-- Sum values classified into bins by a match, then counted with a
-- histogram.
-- ==
-- input { [1, -2, 0, 5, -7, 0] } output { [2, 2, 2] }

type sign = #neg | #zero | #pos

def classify (x: i32) : sign =
  if x < 0 then #neg else if x == 0 then #zero else #pos

def bin (s: sign) : i64 =
  match s
  case #neg -> 0
  case #zero -> 1
  case #pos -> 2

def main (xs: []i32) : []i32 =
  hist (+) 0 3 (map (bin <-< classify) xs) (map (const 1) xs)
