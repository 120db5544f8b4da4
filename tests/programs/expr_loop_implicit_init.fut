-- A loop without `= init` starts from the variable of the same name.
-- ==
-- input { 3 4 }
-- output { 48 }
def main (x: i32) (n: i32) =
  let acc = x
  in loop acc for _i < n do acc * 2
