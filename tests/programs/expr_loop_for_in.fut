-- loop over the elements of an array with for-in.
-- ==
-- input { [3, 1, 4, 1, 5] }
-- output { 5 14 }
-- input { empty([0]i32) }
-- output { -2147483648 0 }
def main (xs: []i32) =
  let mx = loop m = i32.lowest for x in xs do i32.max m x
  let s = loop s = 0 for x in xs do s + x
  in (mx, s)
