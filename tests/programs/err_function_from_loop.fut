-- A loop may not carry a function in its state.
-- ==
-- error: (?i)function|loop
def main (n: i32) (x: i32) =
  let f = loop f = (\y -> y) for _i < n do (\y -> f y + 1)
  in f x
