-- Entry points for the server-protocol tests of sum types and arrays of
-- tuples (server_test.go, TestServerSumTypes).

type~ shape = #circle f32 | #rect f32 f32 | #poly ([]f32)

entry area (s: shape) : f32 =
  match s
  case #circle r -> 3 * r * r
  case #rect w h -> w * h
  case #poly xs -> reduce (+) 0 xs

entry grow (s: shape) : shape =
  match s
  case #circle r -> #circle (r * 2)
  case #rect w h -> #rect (w * 2) h
  case #poly xs -> #poly (map (* 2) xs)

entry swap (ps: [](i32, f32)) : [](f32, i32) = map (\(a, b) -> (b, a)) ps
