-- Operators qualified by a module name.
-- ==
-- input { 6u8 250u8 }
-- output { 0u8 12u8 }
def main (a: u8) (b: u8) = (a u8.+ b, a u8.* 2)
