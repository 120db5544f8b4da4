-- Type abbreviations with size parameters inside a module (vec [n]),
-- module-level constants computed from arrays, and values whose types
-- name the module's types from outside.
-- ==
-- input { empty([0]f64) empty([0][3]f64) }
-- output { [0.0f64, 0.0f64, 0.0f64] 0.0f64 [0.0f64, 0.0f64, 0.0f64] }
-- input { [2.0f64] [[1.0f64, -1.0f64, 0.5f64]] }
-- output { [2.0f64, -2.0f64, 1.0f64] 4.0f64 [2.0f64, -2.0f64, 1.0f64] }
-- input { [0.5f64, 0.25f64, 0.25f64] [[1.0f64, 0.0f64, 0.0f64], [0.0f64, 4.0f64, 0.0f64], [2.0f64, 2.0f64, 8.0f64]] }
-- output { [1.0f64, 1.5f64, 2.0f64] 0.375f64 [1.0f64, 1.5f64, 2.0f64] }

module vec3 = {
  type vec [n] = [n]f64
  type t = vec [3]
  def zero : t = [0, 0, 0]
  def basis : [3]t = tabulate 3 (\i -> tabulate 3 (\j -> if i == j then 1 else 0))
  def add (a: t) (b: t) : t = map2 (+) a b
  def scale (s: f64) (a: t) : t = map (* s) a
  def dot [n] (a: vec [n]) (b: vec [n]) : f64 = f64.sum (map2 (*) a b)
}

def main [n] (ws: [n]f64) (ps: [n][3]f64) : (vec3.t, f64, [3]f64) =
  let centre : vec3.t = reduce vec3.add vec3.zero (map2 vec3.scale ws ps)
  let coords = map (vec3.dot centre) vec3.basis
  in (centre, vec3.dot ws ws, coords)
