-- A definition whose name is already in scope (here through open)
-- refers to the earlier definition in its body, as before recursive
-- functions were allowed; a fresh name is recursive. Recursion under a
-- loop and through a tuple-valued result.
-- ==
-- input { 10i64 }
-- output { 12i64 55i64 89i64 [[10i64, 2i64], [1i64, 3i64]] }

module m = { def step (x: i64) = x + 1 }
open m

def step (x: i64) : i64 = step (step x)

def tri (n: i64) : i64 =
  loop acc = 0 for i < n do acc + (if i > 0 then tri 0 else 0) + i + 1

def fibp (n: i64) : (i64, i64) =
  if n == 0 then (0, 1) else let (a, b) = fibp (n - 1) in (b, a + b)


-- A definition named like a prelude function means the prelude's in its
-- body.
module mat = { def transpose [n] [m] (a: [n][m]i64) : [m][n]i64 = transpose a }

entry main (n: i64) = (step n, tri n, (fibp n).1, mat.transpose [[n, 1], [2, 3]])
