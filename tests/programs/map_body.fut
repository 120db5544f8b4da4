-- A map whose body holds sequential code: a loop and a branch per element.
-- ==
-- input { [0i64, 1i64, 5i64, 10i64] }
-- output { [0i64, 1i64, 15i64, 55i64] [false, true, true, false] }
def main (xs: []i64) =
  let tri = map (\x -> loop s = 0i64 for i < x + 1 do s + i) xs
  let odd = map (\x -> if x % 2 == 1 then true else false) xs
  in (tri, odd)
