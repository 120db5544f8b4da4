-- if returning tuples, and an if inside an arithmetic expression.
-- ==
-- input { 3 4 }
-- output { 4 3 14 }
-- input { 4 3 }
-- output { 4 3 13 }
def main (a: i32) (b: i32) =
  let (hi, lo) = if a > b then (a, b) else (b, a)
  in (hi, lo, 10 + (if a < b then b else lo))
