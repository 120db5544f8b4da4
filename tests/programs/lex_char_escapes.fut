-- Escapes in character literals.
-- ==
-- input { }
-- output { 10u8 9u8 92u8 39u8 34u8 }
def main : (u8, u8, u8, u8, u8) = ('\n', '\t', '\\', '\'', '"')
