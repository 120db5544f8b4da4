-- The components of a call's result that are not declared unique may be
-- one array: consuming one uses up the other.
-- ==
-- error: :13:10: error: Using the result of applying "twice", but this was consumed

def twice (n: i64) : ([]i64, []i64) =
  let a = iota n
  in (a, a)

def main (n: i64) =
  let (a, b) = twice n
  let a[0] = 1
  in (a, b)
