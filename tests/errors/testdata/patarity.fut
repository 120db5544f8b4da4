type t = #pair i32 i32 | #none

def main (v: t) : i32 =
  match v
  case #pair x -> x
  case #none -> 0
