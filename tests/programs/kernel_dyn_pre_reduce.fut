-- An array whose size is a reduction inside the work-item's body: the
-- sum of its row. The pre-pass runs the reduction, not the rest.
-- ==
-- input { [[1i64, 2i64], [0i64, 0i64], [3i64, 4i64]] }
-- output { [7i64, 0i64, 77i64] }
-- input { [[0i64, 0i64, 0i64]] }
-- output { [0i64] }
-- input { [[1i64], [500i64], [2i64]] }
-- output { [0i64, 20958000i64, 2i64] }
def main (xss: [][]i64) : []i64 =
  map (\xs -> let n = i64.sum xs
              let a = iota n
              in i64.sum (scan (+) 0 (reverse a)) - i64.sum (scan (+) 0 a) + i64.sum (reverse a))
      xss
