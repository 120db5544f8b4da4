-- An entry point returning a tuple returns several values.
-- ==
-- input { 7 2 }
-- output { 3 1 true 3.5 }
def main (a: i32) (b: i32) : (i32, i32, bool, f64) =
  (a / b, a % b, a > b, f64.i32 a / f64.i32 b)
