-- A map whose points run a loop around a reduction over an array whose
-- size is each point's element (iota x): the loop holds inner
-- parallelism, but of a width that varies, so no group of a width known
-- on the host can run it; the results are those of the map of loops.
-- ==
-- input { [3i64, 0i64, 5i64, 1i64] }
-- output { [18i64, 0i64, 45i64, 3i64] }
-- input { empty([0]i64) }
-- output { empty([0]i64) }
-- compiled input { [1000i64, 33i64, 64i64] }
-- auto output

def main [n] (xs: [n]i64) : [n]i64 =
  map (\x -> loop acc = 0 for i < 3 do acc + i64.sum (map (+ i) (iota x))) xs
