-- scan inside map.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [[1, 3, 6], [4, 9, 15]] }
def main (m: [][]i32) = map (scan (+) 0) m
