-- Function payloads inside a record, passed through a higher-order
-- function and matched there.
-- ==
-- input { [1, 2, 3] } output { [3, 5, 7] 12 }

type^ step = #scale i32 | #with (i32 -> i32)

def run (s: {step: step, off: i32}) (x: i32) : i32 =
  match s.step
  case #scale k -> k * x + s.off
  case #with f -> f x + s.off

def main (xs: []i32) =
  let r = {step = #with (\x -> 2 * x), off = 1}
  let q = {step = #scale 2, off = 0}
  in (map (run r) xs, reduce (+) 0 (map (run q) xs))
