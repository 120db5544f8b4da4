-- A match that misses a constructor is an error showing what it misses.
-- ==
-- error: Unmatched cases in match expression:\n  #square _

type shape = #circle f32 | #square f32

def main (x: f32) : f32 =
  let s : shape = #circle x
  in match s
     case #circle r -> r
