-- A record literal that gives a field twice.
-- ==
-- error: field a previously defined at 6:10
def main (x: i32) =
  let r =
    {a = x, b = x + 1, a = x + 2}
  in (r.a, r.b)
