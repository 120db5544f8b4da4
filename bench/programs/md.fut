-- Molecular dynamics: Lennard-Jones forces over neighbour lists (the SHOC
-- MD kernel, one of the Lift benchmarks). Positions are given as three
-- arrays; each row of the neighbour list holds indices of other particles
-- (taken modulo n, so any i32 data is a valid input). bench/gpu_run.py
-- puts the particles on a jittered cubic lattice of spacing 1 and draws
-- each one's neighbours among the lattice sites at most 2 steps away in
-- each direction, so most pairs lie within the cutoff, as in SHOC.
-- ==
-- random input { [1048576]f32 [1048576]f32 [1048576]f32 [1048576][64]i32 }

def cutsq = 16f32
def lj1 = 1.5f32
def lj2 = 2f32

def main [n][m] (xs: [n]f32) (ys: [n]f32) (zs: [n]f32) (neigh: [n][m]i32)
               : ([n]f32, [n]f32, [n]f32) =
  let force xi yi zi (js: [m]i32) =
    loop (fx, fy, fz) = (0f32, 0f32, 0f32) for jj in js do
      let j = i64.i32 (jj & 0x7fffffff) % n
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
  in unzip3 (map4 force xs ys zs neigh)
