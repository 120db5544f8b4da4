-- The left operand of an operator is evaluated before the right one, so
-- in f <| e the type of f (here length's, instantiated with the size of
-- filter's result) may not need a size that e computes. xs |> filter p
-- |> length is the way to write it.
-- ==
-- error: Causality check: an anonymous size needed for the type of the left operand of <|

def main (xs: []i32) : i64 = length <| filter (>0) xs
