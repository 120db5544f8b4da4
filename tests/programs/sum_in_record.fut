-- A sum type as a record field and in a tuple.
-- ==
-- input { [1i32, 2i32, 3i32] } output { [2i32, 2i32, 6i32] 3i32 }

type tag = #double | #keep

def main (xs: []i32) : ([]i32, i32) =
  let rs = map (\x -> {v = x, t = if x % 2 == 1 then #double else #keep : tag}) xs
  let ys = map (\r -> match r.t
                      case #double -> r.v * 2
                      case #keep -> r.v) rs
  let (n, _) = (length xs |> i32.i64, #keep : tag)
  in (ys, n)
