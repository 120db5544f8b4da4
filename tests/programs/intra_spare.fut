-- Loops of an intra-group version whose steps make their carried arrays
-- anew: each step's map writes the next array straight into the spare
-- buffer of the loop's parameter, which the step's end swaps in (no copy
-- of the whole array per step; the group plan says "into"), while the
-- other parameter takes the old array (a copy into its own spare). The
-- step reads its own new array after making it (so the next step's map
-- waits at a barrier), and the grid, made once before the loop, is wider
-- than the loop's maps, whose steps run on a fraction of the group. Row
-- lengths of 1, 5, 33 and 47 (no multiple of a warp)
-- and 40 (a 1600-point grid, past the interpreter's group limit: the
-- fallback); the tuning file takes the intra-group versions wherever
-- they fit.
-- ==
-- input { [[1i32]] } auto output
-- random input { [3][5]i32 } auto output
-- compiled random input { [4][33]i32 } auto output
-- compiled random input { [2][47]i32 } auto output
-- random input { [2][40]i32 } auto output

def main [n][m] (xss: [n][m]i32) : [n][m]i32 =
  map (\xs ->
         let grid = tabulate_2d m m (\i j -> xs[i] * i32.i64 (j + 1) - xs[j])
         let (a, b) =
           loop (a, b) = (copy xs, replicate m 0i32) for d < m do
             let a' = tabulate m (\i -> (a[(i + 1) % m] + grid[i, (i + d) % m] - b[i] % 7) % 1000)
             let s = a'[d]
             in (map (\x -> x - s % 3) a', a)
         in map2 (+) a b) xss
