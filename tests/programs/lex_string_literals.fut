-- A string literal is an array of UTF-8 bytes.
-- ==
-- input { 1i64 }
-- output { 5i64 101u8 [104u8, 101u8, 108u8, 108u8, 111u8] }
-- input { 4i64 }
-- output { 5i64 111u8 [104u8, 101u8, 108u8, 108u8, 111u8] }
def main (i: i64) =
  let s = "hello"
  in (length s, s[i], s)
