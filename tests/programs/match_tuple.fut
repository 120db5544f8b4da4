-- Tuple patterns with literals inside, tried in order.
-- ==
-- input { [0, 0, 1, 2] [0, 3, 0, 2] } output { [100, 3, 1, 4] }

def main (xs: []i32) (ys: []i32) : []i32 =
  map2 (\x y -> match (x, y)
                case (0, 0) -> 100
                case (0, b) -> b
                case (a, 0) -> a
                case (a, b) -> a + b) xs ys
