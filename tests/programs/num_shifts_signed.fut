-- << and >>; >> on signed integers is an arithmetic shift.
-- ==
-- input { -16 2 }
-- output { -64 -4 }
-- input { 1 30 }
-- output { 1073741824 0 }
-- input { 1 31 }
-- output { -2147483648 0 }
def main (a: i32) (b: i32) = (a << b, a >> b)
