-- A constructor pattern with the wrong number of payload patterns.
-- ==
-- error: Pattern #foo cannot match a value of type #foo f64

type t = #foo f64

def main (s: t) : bool =
  match s
  case #foo -> true
