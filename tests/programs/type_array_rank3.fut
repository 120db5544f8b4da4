-- Three-dimensional arrays.
-- ==
-- input { [[[1, 2], [3, 4]], [[5, 6], [7, 8]]] }
-- output { [[[2, 3], [4, 5]], [[6, 7], [8, 9]]] [[3, 7], [11, 15]] }
def main (a: [][][]i32) = (map (map (map (+1))) a, map (map (reduce (+) 0)) a)
