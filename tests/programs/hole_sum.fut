-- A hole of a sum type in a match case that is never taken.
-- ==
-- input { 4 } output { 5 }

type opt = #none | #some i32

def next (x: i32) : opt = if x < 1000 then #some (x + 1) else ???

def main (x: i32) : i32 =
  match next x
  case #some y -> y
  case #none -> 0
