-- Arrays of functions are not allowed.
-- ==
-- error: (?i)function|array
def main (x: i32) =
  let fs = [\y -> y + 1, \y -> y * 2]
  in fs[0] x
