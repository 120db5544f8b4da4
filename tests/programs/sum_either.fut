-- A sum type with two type parameters.
-- ==
-- input { [1, -2, 3] } output { [1f64, 2f64, 3f64] }

type either 'a 'b = #left a | #right b

def classify (x: i32) : either i32 f64 =
  if x >= 0 then #left x else #right (f64.i32 (-x))

def main (xs: []i32) : []f64 =
  map (\x -> match classify x
             case #left i -> f64.i32 i
             case #right f -> f) xs
