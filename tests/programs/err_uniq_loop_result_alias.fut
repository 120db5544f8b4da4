-- A loop's result may be what its body returned, which may alias an
-- array from outside the loop that is not consumable.
-- ==
-- error: :8:3: error: Consuming "ys", which is not consumable

def main (xs: []i32) (ys: []i32) =
  let (_, b) = loop (a, b) = (copy xs, copy xs) for _i < 2 do (ys, a)
  let b[0] = 1
  in (b, ys)
