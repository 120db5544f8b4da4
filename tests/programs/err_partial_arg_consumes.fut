-- A function argument may not be a partial application that consumes:
-- map would consume the array once per element.
-- ==
-- error: Argument of functional type .* contains consumption

def bump (xs: *[]i64) (i: i64) : i64 = let xs[i] = 1 in xs[0]

def main (n: i64) =
  let buf = replicate n 0
  in map (bump buf) (iota n)
