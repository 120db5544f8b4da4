-- A while loop: the Collatz step count.
-- ==
-- input { 6 }
-- output { 8 }
-- input { 1 }
-- output { 0 }
-- input { 27 }
-- output { 111 }
def main (n: i32) =
  let (_, steps) =
    loop (x, k) = (n, 0) while x != 1 do
      if x % 2 == 0 then (x / 2, k + 1) else (3 * x + 1, k + 1)
  in steps
