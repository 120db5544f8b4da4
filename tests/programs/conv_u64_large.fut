-- u64 values above the i64 range wrap when converted to i64 and back.
-- ==
-- input { 18446744073709551615u64 }
-- output { -1i64 18446744073709551615u64 255u8 }
def main (x: u64) = (i64.u64 x, u64.i64 (i64.u64 x), u8.u64 x)
