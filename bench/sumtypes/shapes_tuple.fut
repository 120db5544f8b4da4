-- shapes_sum.fut written without a sum type: a tag (0 circle, 1 rect,
-- 2 tri) and three payload fields, the layout fcc gives the sum type.
-- ==
-- input { [0.1f32, 0.5f32, 0.9f32, 0.2f32, 0.7f32] } output { 78.234375f32 }
-- notest random input { [10000000]f32 }

type shape = (u8, f32, f32, f32)

def make (x: f32) : shape =
  if x < 0.3 then (0, x * 10, 0, 0)
  else if x < 0.6 then (1, x * 10, x * 5, 0)
  else (2, x * 10, x * 8, x * 6)

def step ((t, a, b, c): shape) : shape =
  if t == 0 then (if a > 20 then (1, a * 0.5, a * 0.25, 0) else (0, a * 1.05, 0, 0))
  else if t == 1 then (if a * b > 60 then (2, a, b, a * 0.5) else (1, a * 1.04, b * 1.03, 0))
  else if a + b + c > 40 then (0, (a + b + c) * 0.1, 0, 0)
  else (2, a * 1.02, b * 1.02, c * 1.01)

def area ((t, a, b, c): shape) : f32 =
  if t == 0 then 3.14159 * a * a
  else if t == 1 then a * b
  else let p = (a + b + c) / 2 in f32.sqrt (f32.abs (p * (p - a) * (p - b) * (p - c)))

def main [n] (xs: [n]f32) : f32 =
  let ss = map make xs
  let ss = loop ss for _i < 30 do map step ss
  in f32.sum (map area ss) / f32.i64 n
