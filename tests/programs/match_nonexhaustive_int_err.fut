-- Integer literals alone never cover an integer type.
-- ==
-- error: Unmatched cases in match expression

def main (x: i32) : bool =
  match x
  case 0 -> false
  case 1 -> true
