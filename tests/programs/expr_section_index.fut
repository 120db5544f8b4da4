-- The index section (.[i]).
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [2, 5] [3, 6] }
def main (m: [][]i32) = (map (.[1]) m, map (.[2]) m)
