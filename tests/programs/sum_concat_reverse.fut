-- Concatenation and reversal of arrays of sum values.
-- ==
-- input { [1, 2] [3] } output { [-3, 2, 1] }

type t = #a i32 | #b i32

def main (xs: []i32) (ys: []i32) : []i32 =
  let as = map (\x -> #a x) xs : []t
  let bs = map (\y -> #b y) ys : []t
  in map (\v -> match v
                case #a x -> x
                case #b y -> -y) (reverse (as ++ bs))
