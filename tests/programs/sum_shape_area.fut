-- Areas of an array of shapes, a sum type with slot sharing, in a map.
-- ==
-- input { [0i32, 1i32, 2i32, 3i32, 4i32, 5i32] }
-- output { [0.0f32, 2.0f32, 0.0f32, 27.0f32, 8.0f32, 0.0f32] }

type shape = #circle f32 | #rect f32 f32 | #point

def area (s: shape): f32 =
  match s
  case #circle r -> 3.0 * r * r
  case #rect w h -> w * h
  case #point -> 0

def mk (i: i32): shape =
  if i % 3 == 0 then #circle (f32.i32 i)
  else if i % 3 == 1 then #rect (f32.i32 i) 2
  else #point

def main (xs: []i32) : []f32 =
  map (\i -> area (mk i)) xs
