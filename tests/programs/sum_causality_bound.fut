-- Binding the value before the if makes its size known: no causality
-- problem.
-- ==
-- input { false 4i64 } output { 3i64 }
-- input { true 4i64 } output { -1i64 }

type option 'a = #None | #Some a

def gen (k: i64) : ?[n].[n]i32 =
  let n = k - 1
  in replicate n 1i32

def main (b: bool) (n: i64) : i64 =
  let ys = gen n
  let v : option ([]i32) = if b then #None else #Some ys
  in match v
     case #None -> -1
     case #Some zs -> length zs
