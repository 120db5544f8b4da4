-- A two-dimensional array of sum values made and consumed by nested maps.
-- ==
-- input { [[1, -1], [-2, 2]] } output { [[1, 0], [0, 2]] }

type cell = #wall | #open i32

def main (g: [][]i32) : [][]i32 =
  let cells = map (map (\x : cell -> if x < 0 then #wall else #open x)) g
  in map (map (\c -> match c
                     case #wall -> 0
                     case #open x -> x)) cells
