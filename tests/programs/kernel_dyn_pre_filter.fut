-- A filter of an iota whose length a work-item reads from an array
-- element: the filter's count is bounded by the length, which a pre-pass
-- computes per work-item.
-- ==
-- input { [10i64, 0i64, 7i64, 1i64] 3i64 }
-- output { [30i64, 0i64, 12i64, 0i64] }
-- input { [0i64] 2i64 }
-- output { [0i64] }
-- input { [2000i64, 1i64, 2i64] 1000i64 }
-- output { [1000i64, 0i64, 0i64] }
def main (ns: []i64) (m: i64) : []i64 =
  map (\n -> let ys = filter (\x -> x % m == 0 && x > 0) (iota n)
             in i64.sum (scan (+) 0 (reverse ys)) - i64.sum (scan (+) 0 ys) + i64.sum ys)
      ns
