-- Cases returning arrays of different sizes.
-- ==
-- input { 0 } output { [1, 2, 3] }
-- input { 1 } output { [9] }

def main (k: i32) : []i32 =
  match k
  case 0 -> [1, 2, 3]
  case _ -> [9]
