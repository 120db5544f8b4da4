-- get_bit, set_bit and num_bits.
-- ==
-- input { 5 }
-- output { 1 0 1 7 4 32 8 }
def main (x: i32) =
  (i32.get_bit 0 x, i32.get_bit 1 x, i32.get_bit 2 x, i32.set_bit 1 x 1, i32.set_bit 0 x 0, i32.num_bits, u8.num_bits)
