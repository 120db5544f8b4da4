-- mul_hi on signed integers takes the signs into account.
-- ==
-- input { -1 1 }
-- output { -1 }
-- input { 1073741824 8 }
-- output { 2 }
-- input { 3 5 }
-- output { 0 }
def main (a: i32) (b: i32) = i32.mul_hi a b
