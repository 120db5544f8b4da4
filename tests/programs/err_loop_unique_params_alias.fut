-- A loop may not return one array for two loop parameters that it
-- consumes.
-- ==
-- error: aliases other consumed loop parameter

def main (n: i64) =
  loop (a: *[]i64, b: *[]i64) = (iota n, iota n) for i < n do
    let a[i] = i
    in (a, a)
