-- let with type ascriptions on the binding and inside patterns.
-- ==
-- input { 3 }
-- output { 4i64 2.5f32 3u8 }
def main (x: i32) =
  let a: i64 = 4
  let (b: f32, c: u8) = (2.5, 3)
  let d: i32 = x
  in (a + i64.i32 (d - x), b, c)
