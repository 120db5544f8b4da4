-- Bitwise and, or, xor and complement.
-- ==
-- input { 12 10 }
-- output { 8 14 6 -13 }
-- input { -1 255 }
-- output { 255 -1 -256 0 }
def main (a: i32) (b: i32) = (a & b, a | b, a ^ b, !a)
