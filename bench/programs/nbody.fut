-- n-body: the gravitational acceleration on every body from all others
-- (one step's force computation, O(n^2)), with softening.
-- ==
-- random input { [65536]f32 [65536]f32 [65536]f32 [65536]f32 }

def eps2 = 0.01f32

def main [n] (xs: [n]f32) (ys: [n]f32) (zs: [n]f32) (ms: [n]f32)
           : ([n]f32, [n]f32, [n]f32) =
  let accel xi yi zi =
    let contrib xj yj zj mj =
      let dx = xj - xi
      let dy = yj - yi
      let dz = zj - zi
      let r2 = dx * dx + dy * dy + dz * dz + eps2
      let inv = 1 / f32.sqrt r2
      let s = mj * inv * inv * inv
      in (dx * s, dy * s, dz * s)
    in reduce (\(ax, ay, az) (bx, by, bz) -> (ax + bx, ay + by, az + bz))
              (0, 0, 0) (map4 contrib xs ys zs ms)
  in unzip3 (map3 accel xs ys zs)
