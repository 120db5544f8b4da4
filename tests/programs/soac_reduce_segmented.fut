-- reduce inside map: a segmented reduction.
-- ==
-- input { [[1, 2, 3], [4, 5, 6], [7, 8, 9]] }
-- output { [6, 15, 24] [3, 6, 9] }
def main (m: [][]i32) = (map (reduce (+) 0) m, map (reduce i32.max i32.lowest) m)
