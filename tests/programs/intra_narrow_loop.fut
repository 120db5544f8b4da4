-- An intra-group version whose loop runs maps narrower than the maps
-- around it (Needleman-Wunsch's block): a one-off tabulate_2d of the
-- block's m x m similarities, then 2m - 1 anti-diagonals of at most m
-- cells, each a map and a scatter into the block in local memory, then
-- the block copied out. The tuning file takes the intra-group versions
-- wherever they fit and sets the group to 32 work-items, narrower than
-- the tabulate_2d (m * m) and, for m over 32, than the loop's maps:
-- both then take several rounds of the group's work-items. Sides 1, 5,
-- 17, 33 and 40, none a multiple of 32 (m * m above 1024 for 33 and 40).
-- ==
-- input { 3i32 [[[1i32]]] [[2i32]] } auto output
-- random input { 2i32 [3][5][5]i32 [3][5]i32 } auto output
-- random input { 10i32 [4][17][17]i32 [4][17]i32 } auto output
-- compiled random input { 1i32 [70][17][17]i32 [70][17]i32 } auto output
-- random input { 4i32 [2][33][33]i32 [2][33]i32 } auto output
-- compiled random input { 4i32 [3][40][40]i32 [3][40]i32 } auto output

def main [n][m] (pen: i32) (refs: [n][m][m]i32) (tops: [n][m]i32) : [n][m][m]i32 =
  map2 (\r top ->
    let sim = tabulate_2d m m (\i j -> r[i, j] % 7 + i32.i64 (i - j))
    let inner =
      loop inner = replicate (m * m) 0i32 for d < 2 * m - 1 do
        -- Cell (i, d - i) of the anti-diagonal, for each row i that has one.
        let (is, vs) = unzip (tabulate m (\i ->
          let j = d - i
          in if j < 0 || j >= m then (-1, 0)
             else let up = if i == 0 then top[j] else inner[(i - 1) * m + j]
                  let left = if j == 0 then pen else inner[i * m + j - 1]
                  let diag = if i == 0 then (if j == 0 then 0 else top[j - 1])
                             else if j == 0 then 0 else inner[(i - 1) * m + j - 1]
                  in (i * m + j, i32.max (diag + sim[i, j]) (i32.max up left - pen))))
        in scatter inner is vs
    in unflatten inner) refs tops
