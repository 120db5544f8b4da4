-- A literal pattern outside a match case.
-- ==
-- error: Refutable pattern
def main (x: i32) =
  let 1 = x
  in x
