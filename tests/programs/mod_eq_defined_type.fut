-- A type the module type defines (type t = i32) supports equality, in a
-- functor's body and outside an ascribed module; an abstract type is
-- compared through the equality its module provides.
-- ==
-- input { 1i32 } output { true false true }
-- input { 2i32 } output { false false false }

module F (P: {type t = i32 val x: t}) = {
  def same (a: P.t) = a == P.x
}

module G (P: {type t val x: t val eq: t -> t -> bool}) = {
  def same (a: P.t) = P.eq a P.x
}

module N : {type t = i32 val x: t val y: t} = {type t = i32 def x = 1i32 def y = 2i32}

module A = F {type t = i32 def x = 1i32}
module B = G {type t = i32 def x = 1i32 def eq (a: i32) (b: i32) = a == b}

def main (a: i32) = (A.same a, N.x == N.y, B.same a)
