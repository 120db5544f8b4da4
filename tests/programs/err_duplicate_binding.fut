-- A pattern may not bind the same name twice.
-- ==
-- error: (?i)twice|duplicate|bound|already|more than once
def main (x: i32) =
  let (a, a) = (x, x + 1)
  in a
