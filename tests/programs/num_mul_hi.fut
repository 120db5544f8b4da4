-- mul_hi gives the high half of the full product; mad_hi adds a third
-- operand to it.
-- ==
-- input { 65536u32 65536u32 5u32 }
-- output { 1u32 6u32 }
-- input { 4294967295u32 4294967295u32 0u32 }
-- output { 4294967294u32 4294967294u32 }
def main (a: u32) (b: u32) (c: u32) = (u32.mul_hi a b, u32.mad_hi a b c)
