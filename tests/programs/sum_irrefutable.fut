-- A constructor pattern of a single-constructor sum type is irrefutable:
-- allowed in let bindings, parameters and lambdas.
-- ==
-- input { [1, 2, 3] } output { [2, 4, 6] 6 }

type wrapped = #w i32

def unwrap ((#w x): wrapped) = x

def main (xs: []i32) : ([]i32, i32) =
  let ws = map (\x : wrapped -> #w x) xs
  let #w total = #w (i32.sum xs) : wrapped
  in (map (\(#w x) -> x * 2) ws, total)
