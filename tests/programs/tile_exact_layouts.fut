-- Matrix products whose sizes are multiples of the 128x128 block and of
-- the slab depth, so that the tiled kernel's exact variants run (no
-- clamping, the layout of each operand fixed when the kernel is compiled,
-- backend/tiled.go): one entry per layout of the two operands, read
-- along k or along their rows, and sizes off the block for contrast. (On
-- a device with two compute units, as CI's, 256x128 results give every
-- compute unit a 128x128 block, so the 8x8 register tile and its exact
-- variants are chosen.)

def dot [k] (x: [k]i32) (y: [k]i32) : i32 = i32.sum (map2 (*) x y)

-- a is [n][k] (read along k), b is [k][m] (its transpose read along rows).
-- ==
-- entry: ab
-- compiled random input { [256][16]i32 [16][128]i32 } auto output
-- compiled random input { [250][16]i32 [16][130]i32 } auto output
entry ab [n][k][m] (a: [n][k]i32) (b: [k][m]i32) : [n][m]i32 =
  map (\r -> map (\c -> dot r c) (transpose b)) a

-- Both operands read along k.
-- ==
-- entry: abt
-- compiled random input { [256][16]i32 [128][16]i32 } auto output
-- compiled random input { [256][12]i32 [128][12]i32 } auto output
entry abt [n][k][m] (a: [n][k]i32) (bt: [m][k]i32) : [n][m]i32 =
  map (\r -> map (\c -> dot r c) bt) a

-- Both operands read along their rows.
-- ==
-- entry: atb
-- compiled random input { [16][256]i32 [16][128]i32 } auto output
entry atb [k][n][m] (at: [k][n]i32) (b: [k][m]i32) : [n][m]i32 =
  map (\r -> map (\c -> dot r c) (transpose b)) (transpose at)

-- The left operand along its rows, the right one along k.
-- ==
-- entry: atbt
-- compiled random input { [16][256]i32 [128][16]i32 } auto output
entry atbt [k][n][m] (at: [k][n]i32) (bt: [m][k]i32) : [n][m]i32 =
  map (\r -> map (\c -> dot r c) bt) (transpose at)
