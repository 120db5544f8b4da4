-- Consuming a payload bound from a unique sum consumes the sum: using it
-- afterwards is an error.
-- ==
-- error: Using variable "v", but this was consumed

type sum = #foo (*[]i32) | #bar (*[]i32)

def main (v: *sum) =
  let x = match v
          case #foo v -> v with [0] = 0
          case #bar v -> v
  in v
