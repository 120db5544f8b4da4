-- n-body: a reduction over whole arrays invariant to the map: tiled in 1-D.
def interact (px: f32, py: f32) (qx: f32, qy: f32, m: f32) : f32 =
  let dx = qx - px
  let dy = qy - py
  in m / f32.sqrt (dx * dx + dy * dy + 0.01)

def main [n] (xs: [n]f32) (ys: [n]f32) (ms: [n]f32) : [n]f32 =
  map2 (\x y -> f32.sum (map3 (\qx qy m -> interact (x, y) (qx, qy, m)) xs ys ms)) xs ys
