-- Reductions at the edge sizes of the cpu version (one contiguous chunk
-- per work-item on a CPU device): empty, one element, fewer elements than
-- work-items, not a multiple of the chunk, more than 10^6 elements; with a
-- commutative operator (four accumulators per work-item), a
-- non-commutative one (last non-zero element: chunks combined in order)
-- and max.
-- ==
-- input { 0i64 }
-- output { 0i64 0i64 -9223372036854775808i64 }
-- input { 1i64 }
-- output { -300i64 0i64 -300i64 }
-- input { 3i64 }
-- output { -895i64 -296i64 -296i64 }
-- input { 4097i64 }
-- output { 657436i64 -84i64 696i64 }
-- input { 1000003i64 }
-- output { 161499105i64 -296i64 696i64 }

def value (i: i64) : i64 = (i * i) % 1000 - 300

def main (n: i64) : (i64, i64, i64) =
  let xs = map value (iota n)
  let nz = map2 (\i x -> if i % 5 == 0 then 0 else x) (iota n) xs
  in (i64.sum xs,
      reduce (\a b -> if b == 0 then a else b) 0 nz,
      i64.maximum xs)
