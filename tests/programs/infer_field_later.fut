-- Fields of a value whose type is found out only later, as Futhark
-- infers them: a lambda bound before the record or tuple it is applied
-- to, inside and outside kernels.
-- ==
-- entry: main
-- input { [1, 2, 3] [10f32, 20f32, 30f32] }
-- output { [11f32, 22f32, 33f32] [2, 4, 6] }

-- ==
-- entry: records
-- input { 5 } output { 6 true 12 }

entry main [n] (xs: [n]i32) (ys: [n]f32) =
  let add = \p -> f32.i32 p.0 + p.1
  let dbl = \q -> q.a * 2
  in (map add (zip xs ys), map dbl (map (\x -> {a = x, b = x > 1}) xs))

entry records (x: i32) =
  let g = \p -> (p.x + 1, p.y)
  let h = \r -> r.inner.v * 2
  let (a, b) = g {x, y = true}
  in (a, b, h {inner = {v = a}, w = 0f32})
