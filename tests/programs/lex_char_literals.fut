-- Character literals are integer literals holding the character's code.
-- ==
-- input { 113u8 }
-- output { 97u8 90u8 48u8 true 32u8 }
-- input { 0u8 }
-- output { 97u8 90u8 48u8 false 32u8 }
def main (x: u8) =
  let a: u8 = 'a'
  let z: u8 = 'Z'
  let zero: u8 = '0'
  in (a, z, zero, x == 'q', ' ')
