-- A hole (???) has any type; reaching it is a run-time error located at
-- the hole.
-- ==
-- input { 3 } output { 6 }
-- input { -1 } error: hole_reached.fut:8:29.*Reached hole of type: i32

def double_pos (x: i32) : i32 =
  if x >= 0 then 2 * x else ???

def main (x: i32) : i32 = double_pos x
