-- Character literals are integer literals holding the character's code.
-- note: an unconstrained character literal defaults to i32 like any
-- integer literal (see lex_char_literal_default.fut), hence 32i32 last.
-- ==
-- input { 113u8 }
-- output { 97u8 90u8 48u8 true 32i32 }
-- input { 0u8 }
-- output { 97u8 90u8 48u8 false 32i32 }
def main (x: u8) =
  let a: u8 = 'a'
  let z: u8 = 'Z'
  let zero: u8 = '0'
  in (a, z, zero, x == 'q', ' ')
