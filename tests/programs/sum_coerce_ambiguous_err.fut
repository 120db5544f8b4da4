-- Nothing determines the size of the payload of #some in #none: a size
-- coercion alone does not.
-- ==
-- error: Ambiguous size.*anonymous size

type opt 't = #some t | #none

def f b (x: i64) =
  if b
  then #some (iota x)
  else #none :> opt ([]i64)

def main (b: bool) (x: i64) : i64 =
  match f b x
  case #some a -> length a
  case #none -> 0
