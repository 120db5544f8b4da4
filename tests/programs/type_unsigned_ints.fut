-- Every unsigned integer type, with wrap-around.
-- ==
-- input { 200u8 40000u16 3000000000u32 10000000000000000000u64 }
-- output { 144u8 14464u16 1705032704u32 1553255926290448384u64 }
-- input { 0u8 0u16 0u32 0u64 }
-- output { 0u8 0u16 0u32 0u64 }
def main (a: u8) (b: u16) (c: u32) (d: u64) = (a + a, b + b, c + c, d + d)
