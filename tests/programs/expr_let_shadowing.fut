-- Shadowing: each let may rebind a name.
-- ==
-- input { 1 }
-- output { 8 }
def main (x: i32) =
  let x = x + 1
  let x = x * 2
  let x = x * 2
  in x
