-- A function payload inside a nested sum type, with a tuple scrutinee.
-- ==
-- input { 3 } output { 9 }

type^ inner = #fn (i32 -> i32) | #val i32
type^ outer = #wrap inner | #none

def eval (o: outer) (x: i32) : i32 =
  match (o, x)
  case (#wrap (#fn f), y) -> f y
  case (#wrap (#val v), _) -> v
  case (#none, y) -> y

def main (x: i32) = eval (#wrap (#fn (\y -> y * y))) x
