-- A lambda holds on to the arrays it refers to: once one of them is
-- consumed, the lambda may not be used.
-- ==
-- error: Using variable "arr", but this was consumed

def main (arr: *[]i32) (k: i32) =
  let get = \(i: i64) -> arr[i] + k
  let arr[0] = k
  in get 1
