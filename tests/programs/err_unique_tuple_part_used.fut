-- The tuple a pattern took apart is used up when one of its parts is
-- consumed.
-- ==
-- error: Using variable "arrs", but part of it was consumed
def main (n: i64) =
  let arrs = (replicate n 0.0, replicate n 0.0)
  let (a, b) = arrs
  let a[0] = 1.0
  in (arrs.0, b)
