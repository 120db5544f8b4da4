-- The concatenation of two filtered parts inside a kernel: its size is
-- the sum of the parts' sizes, bounded by the sum of their bounds.
-- ==
-- input { empty([0][4]i32) }
-- output { empty([0]i32) }
-- input { [[3]] }
-- output { [3] }
-- input { [[1, -2, 3, 0, 5], [0, 0, 0, 0, 0], [-4, -5, -6, -7, -8], [7, 8, -9, 1, 1]] }
-- output { [21, 0, -80, 63] }
def main (xss: [][]i32) : []i32 =
  map (\xs -> let ys = filter (> 0) xs ++ filter (< 0) xs
              in i32.sum (scan (+) 0 ys)) xss
