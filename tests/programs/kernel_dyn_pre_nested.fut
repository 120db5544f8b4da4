-- A map inside a loop on the host, whose work-items' sizes (read from
-- the array the loop carries) change from one iteration to the next:
-- each iteration's pre-pass computes them anew.
-- ==
-- input { [1i64, 0i64, 4i64] 3i64 }
-- output { [11i64, 93i64, 95i64] }
-- input { [49i64, 0i64, 7i64, 3i64] 4i64 }
-- output { [89i64, 5i64, 13i64, 23i64] }
-- input { [0i64] 0i64 }
-- output { [0i64] }
def main (xs: []i64) (k: i64) : []i64 =
  loop xs for _i < k do
    map (\i -> let a = replicate xs[i] 1i64
               let b = scan (+) 0 a
               in (xs[i] + i64.sum b + 3) % 97)
        (indices xs)
