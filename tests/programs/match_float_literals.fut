-- Float literal patterns.
-- ==
-- input { [0.5f64, 1.0f64, -2.5f64, 3.0f64] } output { [1i32, 2i32, 3i32, 0i32] }

def main (xs: []f64) : []i32 =
  map (\x -> match x
             case 0.5 -> 1
             case 1.0 -> 2
             case -2.5 -> 3
             case _ -> 0) xs
