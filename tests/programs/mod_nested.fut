-- Modules inside modules: a geometry module holding a vector module and a
-- polygon module that uses its sibling, reached from outside by qualified
-- names two levels deep, and a nested module in a module type.
-- ==
-- input { empty([0]f64) empty([0]f64) }
-- output { 0.0f64 0.0f64 }
-- input { [1.0f64] [1.0f64] }
-- output { 0.0f64 0.0f64 }
-- input { [0.0f64, 4.0f64, 4.0f64] [0.0f64, 0.0f64, 3.0f64] }
-- output { 6.0f64 12.0f64 }
-- input { [0.0f64, 2.0f64, 2.0f64, 0.0f64] [0.0f64, 0.0f64, 2.0f64, 2.0f64] }
-- output { 4.0f64 8.0f64 }
-- input { [1.0f64, 0.62348980185873359f64, -0.22252093395631434f64, -0.90096886790241903f64, -0.90096886790241915f64, -0.22252093395631459f64, 0.62348980185873337f64] [0.0f64, 0.7818314824680298f64, 0.97492791218182362f64, 0.43388373911755823f64, -0.43388373911755801f64, -0.97492791218182362f64, -0.78183148246802991f64] }
-- output { 2.7364101886381045f64 6.0743723476458138f64 }

module type vector = {
  type t
  val mk: f64 -> f64 -> t
  val sub: t -> t -> t
  val cross: t -> t -> f64
  val norm: t -> f64
}

module type geometry = {
  module vec: vector
  val area [n]: [n]vec.t -> f64
  val perimeter [n]: [n]vec.t -> f64
}

module geometry : geometry = {
  module vec = {
    type t = {x: f64, y: f64}
    def mk (x: f64) (y: f64) : t = {x, y}
    def sub (a: t) (b: t) : t = {x = a.x - b.x, y = a.y - b.y}
    def cross (a: t) (b: t) : f64 = a.x * b.y - a.y * b.x
    def norm (a: t) : f64 = f64.sqrt (a.x * a.x + a.y * a.y)
  }
  local def next [n] 'a (ps: [n]a) : [n]a = rotate 1 ps
  def area [n] (ps: [n]vec.t) : f64 = f64.abs (f64.sum (map2 vec.cross ps (next ps))) / 2
  def perimeter [n] (ps: [n]vec.t) : f64 = f64.sum (map2 (\a b -> vec.norm (vec.sub b a)) ps (next ps))
}

def main [n] (xs: [n]f64) (ys: [n]f64) : (f64, f64) =
  let ps = map2 geometry.vec.mk xs ys
  in (geometry.area ps, geometry.perimeter ps)
