-- Boolean literal patterns cover bool without a wildcard.
-- ==
-- input { [true, false] [1, 2] } output { [2, -2] }

def main (bs: []bool) (xs: []i32) : []i32 =
  map2 (\b x -> match b
                case true -> x * 2
                case false -> -x) bs xs
