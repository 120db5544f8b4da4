-- Four-dimensional arrays.
-- ==
-- input { [[[[1, 2]], [[3, 4]]], [[[5, 6]], [[7, 8]]]] }
-- output { 36 [[[[-1, -2]], [[-3, -4]]], [[[-5, -6]], [[-7, -8]]]] }
def main (a: [][][][]i32) =
  let s = reduce (+) 0 (map (\x -> reduce (+) 0 (map (\y -> reduce (+) 0 (map (reduce (+) 0) y)) x)) a)
  in (s, map (map (map (map i32.neg))) a)
