-- A two-dimensional array of sums made and matched by nested maps.
-- ==
-- input { [[1, -2], [0, 4]] } output { [[1, 2], [0, 16]] }

type cell = #wall | #open i32

def main (g: [][]i32) : [][]i32 =
  let cells : [][]cell = map (map (\x -> if x < 0 then #wall else #open x)) g
  in map (map (\c -> match c case #wall -> 2 case #open x -> x * x)) cells
