-- A sum type whose constructors carry functions: the constructor is known
-- where the value is built, so the match takes its case statically.
-- ==
-- input { 5 } output { 6 10 }

type^ op = #unary (i32 -> i32) | #binary (i32 -> i32 -> i32) | #nop

def apply (o: op) (x: i32) : i32 =
  match o
  case #unary f -> f x
  case #binary g -> g x x
  case #nop -> x

def main (x: i32) = (apply (#unary (+1)) x, apply (#binary (+)) x)
