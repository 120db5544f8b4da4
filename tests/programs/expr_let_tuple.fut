-- let with tuple patterns, nested tuple patterns and wildcards.
-- ==
-- input { 1 2 3 }
-- output { 6 2 }
def main (a: i32) (b: i32) (c: i32) =
  let (x, (y, z)) = (a, (b, c))
  let (_, w) = (x + y, y)
  in (x + y + z, w)
