-- Division semantics on i8, including the overflow case lowest / -1.
-- ==
-- input { -128i8 -1i8 }
-- output { -128i8 0i8 -128i8 0i8 }
-- input { -9i8 4i8 }
-- output { -3i8 3i8 -2i8 -1i8 }
def main (a: i8) (b: i8) = (a / b, a % b, a // b, a %% b)
