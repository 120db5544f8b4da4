-- A type error: i32 plus f32.
entry main (x: i32) : i32 =
  x + 1.0f32
