-- Tuple components are fields named by numbers.
-- ==
-- input { 4 }
-- output { 4 5 }
def main (x: i32) =
  let t: (i32, i32) = {0 = x, 1 = x + 1}
  in (t.0, t.1)
