-- An array of sum values is built by one map and consumed by another.
-- ==
-- input { [1f32, 2f32, 3f32] [true, false, true] }
-- output { [3f32, 4f32, 27f32] }

type shape = #circle f32 | #square f32

def main (xs: []f32) (bs: []bool) : []f32 =
  let shapes = map2 (\x b : shape -> if b then #circle x else #square x) xs bs
  in map (\s -> match s
                case #circle r -> 3 * r * r
                case #square a -> a * a) shapes
