-- Constructors with payloads of several types that share slots: the
-- values must survive the sharing whatever constructor wrote them.
-- ==
-- input { [0, 1, 2, 3] }
-- output { [1.5f32, 7.0f32, 1.0f32, 12.0f32] }

type t = #a f32 i32 | #b i32 f32 bool | #c bool | #d i32 i32

def mk (i: i32) : t =
  if i == 0 then #a 1.5 2
  else if i == 1 then #b 3 4 true
  else if i == 2 then #c true
  else #d 5 7

def eval (v: t) : f32 =
  match v
  case #a x _ -> x
  case #b n x b -> if b then f32.i32 n + x else 0
  case #c b -> if b then 1 else 0
  case #d x y -> f32.i32 (x + y)

def main (xs: []i32) : []f32 = map (eval <-< mk) xs
