-- The function of an application is held while its arguments are
-- evaluated, so an argument may not consume what the function refers to.
-- ==
-- error: Using variable "vals", but this was consumed

def main (vals: *[]i32) =
  let pick = \(i: i64) -> vals[i]
  in pick (let vals' = vals with [0] = 2 in i64.i32 vals'[1])
