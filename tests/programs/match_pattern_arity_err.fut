-- A constructor pattern with the wrong number of payload patterns.
-- ==
-- error: Pattern #foo cannot match a value of type #foo f64: the pattern has 0 constructor arguments, but the type provides 1

type t = #foo f64

def main (s: t) : bool =
  match s
  case #foo -> true
