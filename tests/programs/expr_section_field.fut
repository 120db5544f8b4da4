-- The projection section (.f) on records and tuples.
-- ==
-- input { [1, 2, 3] }
-- output { [1, 2, 3] [2, 4, 6] }
def main (xs: []i32) =
  let rs = map (\x -> {a = x, b = x * 2}) xs
  let ps = map (\x -> (x, x * 2)) xs
  in (map (.a) rs, map (.1) ps)
