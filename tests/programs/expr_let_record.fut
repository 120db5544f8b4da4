-- let with record patterns, including punned and renamed fields.
-- ==
-- input { 5 6 }
-- output { 5 6 }
def main (a: i32) (b: i32) =
  let r = {x = a, y = b}
  let {x, y = yy} = r
  in (x, yy)
