-- Consuming a component of a tuple parameter consumes the parameter, so
-- its other components cannot be used afterwards, as in Futhark.
-- ==
-- error: Using variable "t", but this was consumed
def f (t: ([]i32, *[]i32)) : i32 =
  let (a, b) = t
  let b[0] = 1337
  in a[0]

def main (b: *[]i32) (a: []i32) : i32 = f (a, b)
