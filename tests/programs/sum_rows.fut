-- An array of sum values whose payloads are the rows of a matrix.
-- ==
-- input { [[1, 2], [3, 4], [5, 6]] } output { [3, 7, 11] }

type t = #row []i32 | #none

def main (m: [][]i32) : []i32 =
  map (\v -> match v
             case #row r -> i32.sum r
             case #none -> 0) (map (\r : t -> #row r) m)
