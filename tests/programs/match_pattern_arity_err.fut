-- A constructor pattern with the wrong number of payload patterns.
-- ==
-- error: Pattern #foo expects 0 constructor arguments, but type provides 1 arguments

type t = #foo f64

def main (s: t) : bool =
  match s
  case #foo -> true
