-- Filtering an array of sum values by constructor.
-- ==
-- input { [1, 2, 3, 4, 5, 6] } output { [2, 4, 6] }

type parity = #even i32 | #odd i32

def main (xs: []i32) : []i32 =
  let ps : []parity = map (\x -> if x % 2 == 0 then #even x else #odd x) xs
  let evens = filter (\p -> match p
                            case #even _ -> true
                            case #odd _ -> false) ps
  in map (\p -> match p
                case #even x -> x
                case #odd x -> x) evens
