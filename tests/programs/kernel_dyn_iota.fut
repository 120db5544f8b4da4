-- An iota of a size computed in the kernel (n % m, bounded by m), stored
-- by each work-item and read backwards.
-- ==
-- input { empty([0]i64) 4i64 }
-- output { empty([0]i64) }
-- input { [0i64] 1i64 }
-- output { [0i64] }
-- input { [1i64, 5i64, 7i64, 13i64, 3i64] 5i64 }
-- output { [0i64, 0i64, 0i64, 1i64, 1i64] }
-- input { [4i64, 9i64, 2i64] 10i64 }
-- output { [4i64, 84i64, 0i64] }
def main (ns: []i64) (m: i64) : []i64 =
  map (\n -> let a = iota (n % m)
             in i64.sum (map2 (*) a (reverse a))) ns
