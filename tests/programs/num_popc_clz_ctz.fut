-- popc, clz and ctz; clz and ctz of zero give the bit width.
-- ==
-- input { 0 }
-- output { 0 32 32 0 8 8 }
-- input { 12 }
-- output { 2 28 2 2 4 2 }
-- input { -1 }
-- output { 32 0 0 8 0 0 }
def main (x: i32) =
  let y = u8.i32 x
  in (i32.popc x, i32.clz x, i32.ctz x, u8.popc y, u8.clz y, u8.ctz y)
