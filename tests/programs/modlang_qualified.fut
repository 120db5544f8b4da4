-- Nested modules and qualified names: values, types and operators
-- (infix M.+^, sections (M.+^)), the local open M.(e), open, and local
-- definitions that a module does not export.
-- ==
-- input { 3 }
-- output { 3 12 34 17 7 8 [4, 5] 10i64 }

module geometry = {
  type point = {x: i32, y: i32}
  def origin : point = {x = 0, y = 0}
  def (p: point) +^ (q: point) : point = {x = p.x + q.x, y = p.y + q.y}
  module metric = {
    local def sq (a: i32) = a * a
    def norm2 (p: point) = sq p.x + sq p.y
  }
}

module digits = {
  def (a: i32) +^ (b: i32) = a * 10 + b
  def base = 10i32
}

module counters = {
  def start = 7i32
  def next (c: i32) = c + 1
}

open counters

def main (k: i32) =
  let p : geometry.point = geometry.({x = k, y = 0} +^ origin)
  in (p.x,
      1 digits.+^ 2,
      (digits.+^) 3 4,
      geometry.metric.norm2 {x = 1, y = 4},
      start,
      next start,
      map ((digits.+^) 0) [4, 5],
      i64.i32 digits.base)
