-- The `let r.x[i] = v` sugar updates r.x in place, so the record may not
-- alias a parameter that is not unique; the error names that parameter.
-- ==
-- error: :7:3: error: Consuming "xs", which is not consumable
def f (xs: []i32) =
  let r = {x = xs, n = 1}
  let r.x[0] = 5
  in r

def main (xs: []i32) = (f xs).n
