-- Inside a parametric module the parameter's abstract type is abstract,
-- even though the only argument it is applied to defines it as i32.
-- ==
-- error: declared to return i32, but its body has type P.t

module box (P: { type t val mk: i32 -> t }) = {
  def get (x: i32) : i32 = P.mk x
}

module B = box { type t = i32 def mk (x: i32) = x + 1 }

def main (x: i32) = B.get x
