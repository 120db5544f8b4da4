-- A sum type in entry points is opaque: made by one entry point and
-- consumed by another.
-- ==
-- entry: area
-- input { true 2f32 } output { 12f32 }
-- input { false 3f32 } output { 9f32 }

type shape = #circle f32 | #square f32

entry mk (b: bool) (x: f32) : shape = if b then #circle x else #square x

entry area (b: bool) (x: f32) : f32 =
  match mk b x
  case #circle r -> 3 * r * r
  case #square a -> a * a
