-- The unique components of a result must be distinct arrays.
-- ==
-- error: unique-typed component of the return value is aliased to some other component

def main (n: i64) : (*[]f32, *[]f32) =
  let buf = replicate n 0f32
  in (buf, buf)
