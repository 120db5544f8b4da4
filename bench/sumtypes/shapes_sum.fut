-- Arrays of a sum type carried through a loop of maps, against
-- shapes_tuple.fut, the same program written with a tag and tuples of
-- arrays. Issue 23 asks that the sum type cost nothing against the tuple
-- form on the GPU. The array of shapes is loop-carried, so it lives in
-- memory (tag and payload arrays) between the steps, not fused away.
-- ==
-- input { [0.1f32, 0.5f32, 0.9f32, 0.2f32, 0.7f32] } output { 78.234375f32 }
-- notest random input { [10000000]f32 }

type shape = #circle f32 | #rect f32 f32 | #tri f32 f32 f32

def make (x: f32) : shape =
  if x < 0.3 then #circle (x * 10)
  else if x < 0.6 then #rect (x * 10) (x * 5)
  else #tri (x * 10) (x * 8) (x * 6)

def step (s: shape) : shape =
  match s
  case #circle r -> if r > 20 then #rect (r * 0.5) (r * 0.25) else #circle (r * 1.05)
  case #rect w h -> if w * h > 60 then #tri w h (w * 0.5) else #rect (w * 1.04) (h * 1.03)
  case #tri a b c -> if a + b + c > 40 then #circle ((a + b + c) * 0.1) else #tri (a * 1.02) (b * 1.02) (c * 1.01)

def area (s: shape) : f32 =
  match s
  case #circle r -> 3.14159 * r * r
  case #rect w h -> w * h
  case #tri a b c -> let p = (a + b + c) / 2 in f32.sqrt (f32.abs (p * (p - a) * (p - b) * (p - c)))

def main [n] (xs: [n]f32) : f32 =
  let ss = map make xs
  let ss = loop ss for _i < 30 do map step ss
  in f32.sum (map area ss) / f32.i64 n
