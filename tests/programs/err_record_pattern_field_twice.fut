-- A record pattern that binds a field twice.
-- ==
-- error: Duplicate fields in the record pattern: x
def main (x: i32) =
  let {x = a, x = b} = {x}
  in a + b
