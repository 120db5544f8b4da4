-- A block's cells read through the flat index (i - 1) * B + j - 1, as
-- Needleman-Wunsch's blocked kernel reads its B x B block: the guards
-- `i < 1 || i > B || j < 1 || j > B` (and `i == 0`, `j == 0` of a border)
-- keep it inside the B * B cells, which the prove pass shows from the
-- conditions and the affine arithmetic. A guard off by one lets the
-- index reach B * B, which must still fail at run time.
-- ==
-- entry: cells
-- input { [0i64, 1i64, 1i64, 4i64, 2i64, 5i64, 3i64] [1i64, 0i64, 1i64, 4i64, 3i64, 1i64, 5i64] }
-- output { [-1, -1, 0, 15, 6, -1, -1] }

def B : i64 = 4

entry cells (is: []i64) (js: []i64) : []i32 =
  let grid = tabulate (B * B) (\k -> i32.i64 k)
  in map2 (\i j -> if i < 1 || i > B || j < 1 || j > B then -1
                   else grid[(i - 1) * B + j - 1]) is js

-- ==
-- entry: bordered
-- input { [0i64, 0i64, 3i64, 1i64, 4i64, 2i64, 5i64] [0i64, 2i64, 0i64, 1i64, 4i64, 3i64, 1i64] }
-- output { [100, 102, 203, 0, 15, 6, -1] }

-- Cell (i, j) of the block with its borders, 0 <= i, j <= B: row 0 is
-- north, column 0 is west, the rest is the grid (as nw_blocked's at).
entry bordered (is: []i64) (js: []i64) : []i32 =
  let grid = tabulate (B * B) (\k -> i32.i64 k)
  let north = tabulate (B + 1) (\j -> 100 + i32.i64 j)
  let west = tabulate B (\i -> 201 + i32.i64 i)
  in map2 (\i j -> if i < 0 || i > B || j < 0 || j > B then -1
                   else if i == 0 then north[j]
                   else if j == 0 then west[i - 1]
                   else grid[(i - 1) * B + j - 1]) is js

-- ==
-- entry: cells_off_by_one
-- input { [1i64, 4i64] [1i64, 4i64] }
-- output { [0, 15] }
-- input { [1i64, 4i64] [1i64, 5i64] }
-- error: out of bounds

-- `j > B + 1` lets j = B + 1 through: cell B * B for i = B.
entry cells_off_by_one (is: []i64) (js: []i64) : []i32 =
  let grid = tabulate (B * B) (\k -> i32.i64 k)
  in map2 (\i j -> if i < 1 || i > B || j < 1 || j > B + 1 then -1
                   else grid[(i - 1) * B + j - 1]) is js
