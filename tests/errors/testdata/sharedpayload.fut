-- Two payloads of one constructor are the same array: consuming one
-- consumes the other.
type t [n] = #foo ([n]i32) ([n]i32) | #bar

def f [n] (xs: *[n]i32) = #foo xs xs : t [n]

entry main [n] (xs: *[n]i32) : [n]i32 =
  match f xs
  case #foo a b -> let a[0] = 1 in b
  case #bar -> replicate n 0
