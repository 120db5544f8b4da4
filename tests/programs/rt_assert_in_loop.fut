-- A failing assertion inside a loop.
-- ==
-- input { 5 }
-- output { 15 }
-- input { 12 }
-- error: (?i)assert
def main (n: i32) =
  loop s = 0 for i < n do assert (s < 50) (s + i + 1)
