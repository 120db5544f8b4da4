-- A loop carries a sum value: a small state machine.
-- ==
-- input { 5 } output { 2i32 10i32 }
-- input { 3 } output { 1i32 6i32 }
-- input { 0 } output { 0i32 0i32 }

type state = #idle | #counting i32 | #done i32

def step (s: state) (i: i32) : state =
  match s
  case #idle -> #counting i
  case #counting n -> if n > 8 then #done n else #counting (n + i)
  case #done n -> #done n

def main (k: i32) : (i32, i32) =
  let s = loop s = #idle for i < k do step s (i + 1)
  in match s
     case #idle -> (0, 0)
     case #counting n -> (1, n)
     case #done n -> (2, n)
