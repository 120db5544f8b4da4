type shape = #circle f32 | #rect f32 f32 | #tri

def main (s: shape) : f32 =
  match s
  case #circle r -> r
  case #rect w _ -> w
