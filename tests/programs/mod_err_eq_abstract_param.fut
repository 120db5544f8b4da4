-- == on an abstract type of a functor's parameter is rejected where the
-- functor is defined: nothing says the argument's type supports
-- equality (Futhark: "does not support equality").
-- ==
-- error: left operand of "==" has type P.t, which does not support equality

module F (P: {type t val x: t}) = {
  def same (a: P.t) = a == P.x
}

module M = F {type t = i32 def x = 1i32}

def main (a: i32) = M.same a
