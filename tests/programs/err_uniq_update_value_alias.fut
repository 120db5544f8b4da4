-- The value written by an in-place update may not share memory with the
-- array updated: here the row written is a row of the same matrix.
-- ==
-- error: :8:14: error: Cannot update "m" in-place

def main [k] (m: *[][k]f32) : [][k]f32 =
  let j = 1
  let m[0] = m[j]
  in m
