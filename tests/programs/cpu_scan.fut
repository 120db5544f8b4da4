-- Scans at the edge sizes of the cpu version (three phases over one
-- contiguous chunk per work-item on a CPU device): empty, one element,
-- fewer elements than work-items, not a multiple of the chunk, more than
-- 10^6 elements; with + and a non-commutative operator (the last
-- non-zero element so far), whose carries must be combined in order. The
-- results are checked through weighted sums of the scans.
-- ==
-- input { 0i64 }
-- output { 0i64 0i64 }
-- input { 1i64 }
-- output { -300i64 0i64 }
-- input { 3i64 }
-- output { -4183i64 -1486i64 }
-- input { 4097i64 }
-- output { 5416793062i64 1566365i64 }
-- input { 1000003i64 }
-- output { 323001015003229i64 385395805i64 }

def value (i: i64) : i64 = (i * i) % 1000 - 300

def main (n: i64) : (i64, i64) =
  let xs = map value (iota n)
  let s = scan (+) 0 xs
  let nz = map2 (\i x -> if i % 5 == 0 then 0 else x) (iota n) xs
  let l = scan (\a b -> if b == 0 then a else b) 0 nz
  in (i64.sum (map2 (\i x -> x * (i % 7 + 1)) (iota n) s),
      i64.sum (map2 (\i x -> x * (i % 3 + 1)) (iota n) l))
