-- replicate and tabulate producing sum values.
-- ==
-- input { 3i64 } output { [5, 5, 5] [0, 1, 0] }

type t = #five | #idx i64

def num (v: t) : i32 = match v
                       case #five -> 5
                       case #idx i -> i32.i64 (i % 2)

def main (n: i64) : ([]i32, []i32) =
  (map num (replicate n #five), map num (tabulate n (\i -> #idx i)))
