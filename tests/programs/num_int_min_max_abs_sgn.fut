-- min, max, abs and sgn on integers.
-- ==
-- input { -7 3 }
-- output { -7 3 7 -1 1 }
-- input { 0 0 }
-- output { 0 0 0 0 0 }
-- input { -2147483648 5 }
-- output { -2147483648 5 -2147483648 -1 1 }
def main (a: i32) (b: i32) = (i32.min a b, i32.max a b, i32.abs a, i32.sgn a, i32.sgn b)
