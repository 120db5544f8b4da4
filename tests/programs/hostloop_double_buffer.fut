-- Host loops of small kernels whose loop-carried array is rebuilt from the
-- old one each step (pathfinder's kind): the new array cannot overwrite
-- the old one, which the kernel reads, so the loop needs two buffers and
-- no more (tests/hostloop_test.go counts them). Edge sizes: no step, one
-- column, a row count of one.
-- ==
-- input { 0i64 [3, 1, 2] } output { [3, 1, 2] }
-- input { 1i64 [5] } output { [6] }
-- input { 3i64 [4, 0, 7, 1] } output { [3, 3, 3, 3] }
-- input { 2i64 empty([0]i32) } output { empty([0]i32) }

-- Each step takes the smallest of a cell and its two neighbours, plus
-- one; a while loop's condition is a scalar the host reads.
def main [n] (k: i64) (xs: [n]i32) : [n]i32 =
  let (ys, _) =
    loop (src, t) = (copy xs, 0) while t < k do
      (tabulate n (\j ->
         let l = if j > 0 then src[j - 1] else i32.highest
         let r = if j < n - 1 then src[j + 1] else i32.highest
         in i32.min src[j] (i32.min l r) + 1), t + 1)
  in ys
