-- Arrays of sum values zipped with other arrays and unzipped again.
-- ==
-- input { [1, 2, 3] } output { [1, 0, 3] [10, 20, 30] }

type t = #keep | #drop

def main (xs: []i32) : ([]i32, []i32) =
  let ts = map (\x : t -> if x == 2 then #drop else #keep) xs
  let pairs = zip ts (map (* 10) xs)
  let (ts2, ys) = unzip pairs
  in (map2 (\t x -> match t
                    case #keep -> x
                    case #drop -> 0) ts2 xs, ys)
