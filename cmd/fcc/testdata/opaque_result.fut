-- Entry points whose results are of an abstract type give opaque values,
-- as in Futhark: a case cannot compare them with expected values (it
-- fails, as in futhark test), but it can run them, expect their errors,
-- and pass them to another entry point through a script input.

module type counter = {
  type t
  val zero : t
  val inc : t -> t
  val get : t -> i32
}

module c : counter = {
  type t = i32
  def zero = 0
  def inc x = x + 1
  def get x = x
}

-- ==
-- entry: mk
-- input { 3 } output { 3 }
-- input { 2 }
-- input { -1 } error: assertion
entry mk (n: i32) : c.t = assert (n >= 0) (loop x = c.zero for _i < n do c.inc x)

-- ==
-- entry: pair
-- input { 4 } output { 4 4 }
entry pair (n: i32) : (i32, c.t) = (n, mk n)

-- ==
-- entry: get
-- script input { mk 5 } output { 5 }
entry get (x: c.t) : i32 = c.get x
