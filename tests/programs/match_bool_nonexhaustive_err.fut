-- Missing combinations of booleans are shown as examples.
-- ==
-- error: Unmatched cases in match expression:\n  \(true, false\)\n  \(false, true\)

def main (a: bool) (b: bool) : i32 =
  match (a, b)
  case (false, false) -> 0
  case (true, true) -> 1
