-- Prefix ! is logical negation on booleans and bitwise complement on
-- integers.
-- ==
-- input { true 5 0u8 }
-- output { false -6 255u8 }
-- input { false -1 170u8 }
-- output { true 0 85u8 }
def main (b: bool) (x: i32) (y: u8) = (!b, !x, !y)
