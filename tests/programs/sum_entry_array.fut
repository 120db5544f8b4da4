-- An entry point that returns an array of sum values (opaque) and one
-- that builds and consumes them.
-- ==
-- entry: total
-- input { [1f32, 2f32] } output { 5f32 }

type shape = #sq f32 | #none

entry shapes (xs: []f32) : []shape = map (\x -> #sq x) xs

entry total (xs: []f32) : f32 =
  f32.sum (map (\s -> match s
                      case #sq a -> a * a
                      case #none -> 0) (shapes xs))
