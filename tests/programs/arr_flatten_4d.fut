-- flatten_4d combines four dimensions.
-- ==
-- input { [[[[1], [2]]], [[[3], [4]]]] }
-- output { [1, 2, 3, 4] }
def main (a: [][][][]i32) = flatten_4d a
