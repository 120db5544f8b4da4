-- Unsigned subtraction below zero wraps around.
-- ==
-- input { 0u8 1u8 }
-- output { 255u8 65535u16 4294967295u32 18446744073709551615u64 }
-- input { 3u8 5u8 }
-- output { 254u8 65534u16 4294967294u32 18446744073709551614u64 }
def main (a: u8) (b: u8) =
  (a - b, u16.u8 a - u16.u8 b, u32.u8 a - u32.u8 b, u64.u8 a - u64.u8 b)
