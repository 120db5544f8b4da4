-- A sum type defined and matched inside a module, used from outside.
-- ==
-- input { 2f32 } output { 16f32 }
-- input { 1f32 } output { 4f32 }

module shapes = {
  type shape = #circle f32 | #square f32
  def area (s: shape) : f32 = match s case #circle r -> 3 * r * r case #square a -> a * a
  def circle (r: f32) : shape = #circle r
}
def main (x: f32) = shapes.area (shapes.circle x) + shapes.area (#square x)
