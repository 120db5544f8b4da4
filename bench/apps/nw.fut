-- Needleman-Wunsch (Rodinia's nw): global alignment scores of two
-- sequences, given the similarity of each pair of their items (ref, from
-- BLOSUM62 in Rodinia) and a gap penalty. The score matrix has a first
-- row and column of gaps; each other cell is the best of a match from its
-- upper-left neighbour and a gap from its upper or left one. Cells on an
-- anti-diagonal depend only on earlier anti-diagonals, so each one is a
-- parallel step, written into the flat matrix in place.
-- ==
-- input @ data/nw-5.in output @ data/nw-5.out
-- input @ data/nw-64.in output @ data/nw-64.out
-- input @ data/nw-70.in output @ data/nw-70.out
-- notest random input { 10i32 [2048][2048]i32 }
-- notest random input { 10i32 [4096][4096]i32 }

def main [n] (penalty: i32) (ref: [n][n]i32) : [][]i32 =
  let w = n + 1
  let border = tabulate (w * w) (\k ->
                 let i = k / w
                 let j = k % w
                 in if i == 0 then -(i32.i64 j) * penalty
                    else if j == 0 then -(i32.i64 i) * penalty
                    else 0)
  let scores =
    -- Anti-diagonal i + j = d of the interior, i and j from 1 to n: at
    -- most n cells, the ones outside the matrix written nowhere (-1).
    loop s = border for d in 2...2 * n do
      let cell t =
        let i = i64.max 1 (d - n) + t
        let j = d - i
        in if i > n || j < 1 then (-1, 0)
           else let m = s[(i - 1) * w + j - 1] + ref[i - 1, j - 1]
                let g = i32.max s[i * w + j - 1] s[(i - 1) * w + j] - penalty
                in (i * w + j, i32.max m g)
      let (is, vs) = unzip (tabulate n cell)
      in scatter s is vs
  in unflatten (scores :> [w * w]i32)
