-- A record as a constructor's payload, matched with a record pattern.
-- ==
-- input { 3f32 4f32 } output { 12f32 }

type shape = #rect {w: f32, h: f32} | #none

def main (w: f32) (h: f32) : f32 =
  let s : shape = #rect {w, h}
  in match s
     case #rect {w, h} -> w * h
     case #none -> 0
