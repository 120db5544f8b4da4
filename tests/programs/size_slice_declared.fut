-- A slice's size equals the same size expression written in a type:
-- xs[i:] of an [m] array has the declared type [m - i]i32.
-- ==
-- input { 2i64 [1,2,3,4,5] }
-- output { [3,4,5] 3i64 }
-- input { 5i64 [1,2,3,4,5] }
-- output { empty([0]i32) 0i64 }

def drop_to [m] (i: i64) (xs: [m]i32) : [m - i]i32 = xs[i:]

def main [m] (i: i64) (xs: [m]i32) =
  let ys = drop_to i xs
  in (ys, length ys)
