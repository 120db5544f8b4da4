-- An if may not return a function.
-- ==
-- error: (?i)function|branch|conditional|if
def main (b: bool) (x: i32) =
  let f = if b then (\y -> y + 1) else (\y -> y * 2)
  in f x
