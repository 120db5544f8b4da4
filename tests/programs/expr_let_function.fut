-- Local functions bound with let, capturing local variables.
-- ==
-- input { [1, 2, 3] 5 }
-- output { [6, 7, 8] 16 }
def main (xs: []i32) (k: i32) =
  let add x = x + k
  let twice (f: i32 -> i32) (x: i32) = f (f x)
  in (map add xs, twice add (k + 1))
