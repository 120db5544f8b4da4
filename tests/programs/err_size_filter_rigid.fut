-- filter's result has an existential size, known only when it returns:
-- it is none of the other sizes (here the parameter's), so zipping it
-- with its input is a compile-time error, as in Futhark.
-- ==
-- error: Sizes "d₁" and "\?[0-9]+" do not match .* is an unknown size returned by "filter" at 8:12

def main (xs: []i32) =
  let ys = filter (> 0) xs
  in zip xs ys
