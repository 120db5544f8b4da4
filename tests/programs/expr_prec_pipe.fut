-- |> binds more loosely than any arithmetic or comparison operator and
-- associates to the left; <| associates to the right.
-- ==
-- input { 3 }
-- output { 8 true 14 }
def double (x: i32) = x * 2
def inc (x: i32) = x + 1

def main (x: i32) =
  ( x + 1 |> double          -- double (x + 1)
  , x * 2 > 5 |> (\b -> b)   -- (x * 2 > 5)
  , double <| inc <| x + 3   -- double (inc (x + 3))
  )
