-- Molecular dynamics with a cutoff radius: Lennard-Jones forces between
-- each particle and those of its neighbour list (SHOC's MD force kernel)
-- that lie within the cutoff, then a step of the velocities and positions,
-- repeated; the neighbour lists stay fixed over the steps, as between two
-- rebuilds of a real code's lists. The result is the final positions.
-- Neighbour indices must lie in [0, n).
-- ==
-- input @ data/md-small.in output @ data/md-small.out
-- notest random input { 10i32 [131072]f32 [131072]f32 [131072]f32 [131072]f32 [131072]f32 [131072]f32 [131072][64]i32 }

def cutsq = 16f32
def lj1 = 1.5f32
def lj2 = 2f32
def dt = 0.001f32

def main [n][m] (steps: i32) (xs: [n]f32) (ys: [n]f32) (zs: [n]f32)
               (vxs: [n]f32) (vys: [n]f32) (vzs: [n]f32) (neigh: [n][m]i32)
               : ([n]f32, [n]f32, [n]f32) =
  let (xs, ys, zs, _, _, _) =
    loop (xs, ys, zs, vxs, vys, vzs) for _s < steps do
      let force xi yi zi (js: [m]i32) =
        loop (fx, fy, fz) = (0f32, 0f32, 0f32) for jj in js do
          let j = i64.i32 jj
          let dx = xi - xs[j]
          let dy = yi - ys[j]
          let dz = zi - zs[j]
          let r2 = dx * dx + dy * dy + dz * dz
          in if r2 < cutsq && r2 > 0 then
               let r2inv = 1 / r2
               let r6inv = r2inv * r2inv * r2inv
               let f = r2inv * r6inv * (lj1 * r6inv - lj2)
               in (fx + dx * f, fy + dy * f, fz + dz * f)
             else (fx, fy, fz)
      let (fxs, fys, fzs) = unzip3 (map4 force xs ys zs neigh)
      let vxs = map2 (\v f -> v + dt * f) vxs fxs
      let vys = map2 (\v f -> v + dt * f) vys fys
      let vzs = map2 (\v f -> v + dt * f) vzs fzs
      in ( map2 (\x v -> x + dt * v) xs vxs
         , map2 (\y v -> y + dt * v) ys vys
         , map2 (\z v -> z + dt * v) zs vzs
         , vxs, vys, vzs )
  in (xs, ys, zs)
