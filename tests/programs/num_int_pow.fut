-- Integer exponentiation, with wrap-around.
-- ==
-- input { 3 4 }
-- output { 81 1 -2147483648 }
-- input { -2 3 }
-- output { -8 1 -2147483648 }
def main (a: i32) (b: i32) = (a ** b, a ** 0, 2 ** 31)
