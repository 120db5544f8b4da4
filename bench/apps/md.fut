-- Molecular dynamics with a cutoff radius: Lennard-Jones forces between
-- each particle and those of its neighbour list (SHOC's MD force kernel)
-- that lie within the cutoff, then a step of the velocities and positions,
-- repeated; the neighbour lists stay fixed over the steps, as between two
-- rebuilds of a real code's lists. The result is the final positions.
-- Neighbour indices must lie in [0, n).
-- ==
-- input @ data/md-small.in output @ data/md-small.out
-- script input { gen 3i32 8i64 8i64 6i64 16i64 }
-- notest script input { gen 10i32 64i64 64i64 32i64 64i64 }

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

-- A hash of an index (for the generator below).
def hash (x: i64) : u32 =
  let x = u32.i64 x
  let x = ((x >> 16) ^ x) * 0x45d9f3b
  let x = ((x >> 16) ^ x) * 0x45d9f3b
  in (x >> 16) ^ x

-- Uniform in [0, 1), from a hash.
def unit (x: i64) : f32 = f32.u32 (hash x >> 8) / 16777216

-- The inputs of main for nx*ny*nz particles on a jittered lattice of
-- spacing 1 with small random velocities, each with m neighbours among
-- the lattice sites at most 2 steps away in each direction (wrapping
-- around at the faces), as bench/apps/apps.py makes them.
entry gen (steps: i32) (nx: i64) (ny: i64) (nz: i64) (m: i64)
    : (i32, []f32, []f32, []f32, []f32, []f32, []f32, [][]i32) =
  let n = nx * ny * nz
  let jitter s i = unit (i * 8 + s) - 0.5
  let site i = (i / (ny * nz), (i / nz) % ny, i % nz)
  let pos s = tabulate n (\i ->
                let (x, y, z) = site i
                in f32.i64 (if s == 0 then x else if s == 1 then y else z) + 0.2 * jitter s i)
  let vel s = tabulate n (\i -> 0.1 * jitter (s + 3) i)
  let neigh =
    tabulate_2d n m (\i k ->
      -- One of the 124 offsets in [-2, 2]^3 other than (0, 0, 0).
      let o = i64.u32 (hash (n * 8 + i * m + k)) % 124
      let o = if o >= 62 then o + 1 else o
      let (x, y, z) = site i
      let x = (x + o / 25 - 2) % nx
      let y = (y + (o / 5) % 5 - 2) % ny
      let z = (z + o % 5 - 2) % nz
      in i32.i64 (x * ny * nz + y * nz + z))
  in (steps, pos 0, pos 1, pos 2, vel 0, vel 1, vel 2, neigh)
