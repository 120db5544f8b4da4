-- An update through a record field (`r with x[i] = v`) consumes the
-- record: using the record afterwards is an error (reported where it is
-- used, naming where the update consumed it).
-- ==
-- error: :9:6: error: .*"r".*consumed at 8:12
def main (xs: *[]i32) =
  let r = {x = xs, n = 1}
  let r' = r with x[0] = 5
  in r.x[0] + r'.x[0]
