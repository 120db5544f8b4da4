-- Pathfinder (Rodinia): the cheapest path down a grid of weights, each
-- step going to the cell below or one of its two diagonal neighbours; the
-- result is each bottom cell's cheapest total. One parallel step per row.
-- ==
-- input { [[1, 2, 3, 4], [4, 0, 9, 1], [2, 2, 2, 2]] } output { [3, 3, 3, 6] }
-- input @ data/pathfinder-small.in output @ data/pathfinder-small.out
-- notest random input { [100][100000]i32 }

def main [rows][cols] (wall: [rows][cols]i32) : [cols]i32 =
  loop src = wall[0] for t in 1..<rows do
    tabulate cols (\j ->
      let left = if j > 0 then src[j - 1] else i32.highest
      let right = if j < cols - 1 then src[j + 1] else i32.highest
      in wall[t, j] + i32.min src[j] (i32.min left right))
