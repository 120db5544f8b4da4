-- Records and field access.
-- ==
-- input { 3.0f32 4.0f32 }
-- output { 3.0f32 4.0f32 25.0f32 }
type vec = {x: f32, y: f32}

def norm2 (v: vec) = v.x * v.x + v.y * v.y

def main (a: f32) (b: f32) =
  let v: vec = {x = a, y = b}
  in (v.x, v.y, norm2 v)
