-- Escapes in string literals.
-- ==
-- input { }
-- output { [97u8, 10u8, 98u8, 9u8, 34u8, 92u8, 39u8] }
def main : []u8 = "a\nb\t\"\\'"
