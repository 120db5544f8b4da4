-- A sequential loop over an array of sum values (a little stack machine).
-- ==
-- input { } output { 14 }

type instr = #push i32 | #add | #mul

def run (prog: []instr) : i32 =
  let (stack, _) =
    loop (stack: *[8]i32, sp: i64) = (replicate 8 0, 0) for ins in prog do
      match ins
      case #push x -> (stack with [sp] = x, sp + 1)
      case #add -> (stack with [sp - 2] = stack[sp - 2] + stack[sp - 1], sp - 1)
      case #mul -> (stack with [sp - 2] = stack[sp - 2] * stack[sp - 1], sp - 1)
  in stack[0]

def main : i32 = run [#push 2, #push 3, #push 4, #add, #mul]
