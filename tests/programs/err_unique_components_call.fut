-- Both components of twice's result are the same array: they may not be
-- returned as two unique arrays.
-- ==
-- error: aliased to some other component

def twice (a: []i32) = (a, a)

def main (xs: []i32) : ([]i32, *[]i32, *[]i32) =
  let (p, q) = twice (copy xs)
  in (xs, p, q)
