-- A constructor pattern against a value that is not of a sum type.
-- ==
-- error: not a sum type

def main (x: i32) : i32 =
  match x
  case #foo -> 1
  case _ -> 2
