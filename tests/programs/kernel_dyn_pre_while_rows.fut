-- Rows doubled in a while loop inside the work-item: the loop changes
-- the inner dimension of the array it carries, so each carried result is
-- copied in the layout of its new size (the pre-pass bounds the size by
-- running the loop without the array). No iterations for n <= 1.
-- ==
-- input { [1i64, 3i64, 9i64, 0i64] }
-- output { [3i64, 8i64, 22i64, 3i64] }
-- input { [100i64] }
-- output { [137i64] }
def main (ns: []i64) : []i64 =
  map (\n -> let r = loop arr = [[1i64], [2i64]] while length arr[0] < n do map (\row -> row ++ map (+ 1) row) arr
             in r[1, length r[1] - 1] + length r[0]) ns
