-- Adds one to every element of a matrix: a nested map, run as one
-- two-dimensional OpenCL kernel.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [[2, 3, 4], [5, 6, 7]] }
def main (m: [][]i32) : [][]i32 = map (map (+1)) m
