-- Nested loops.
-- ==
-- input { 3 4 }
-- output { 12 18 }
def main (n: i32) (m: i32) =
  let cnt = loop c = 0 for _i < n do loop c = c for _j < m do c + 1
  let s = loop s = 0 for i < n do loop s = s for j < m do s + i + j - 1
  in (cnt, s)
