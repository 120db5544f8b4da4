-- Built-in operators work on every numeric type.
-- ==
-- input { 7u16 2u16 7i64 2i64 7f32 2f32 }
-- output { 9u16 3u16 14u16 9i64 3i64 49i64 3.5f32 5f32 }
def main (a: u16) (b: u16) (c: i64) (d: i64) (e: f32) (f: f32) =
  (a + b, a / b, a * b, c + d, c / d, c ** d, e / f, e - f)
