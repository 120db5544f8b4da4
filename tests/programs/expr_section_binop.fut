-- Operator sections: (op), (op e) and (e op).
-- ==
-- input { [1, 2, 3] }
-- output { 6 [11, 12, 13] [9, 8, 7] [-9, -8, -7] [2, 4, 6] [0, 1, 1] }
def main (xs: []i32) =
  ( reduce (+) 0 xs
  , map (+10) xs
  , map (10-) xs
  , map (\x -> x - 10) xs
  , map (2*) xs
  , map (/2) xs
  )
