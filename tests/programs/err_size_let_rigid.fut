-- The size a `let [n]` binds is a fresh size: in the body it equals no
-- other size, even that of the value it was taken from.
-- ==
-- error: Sizes "m" and "n" do not match

def main [m] (xs: [m]i32) =
  let [n] (ys: [n]i32) = xs
  in map2 (+) xs ys
