-- A copy of a top-level array constant, or a new array computed from it,
-- may be updated in place. (A function may not return the constant itself,
-- as in Futhark: it returns a copy.)
-- ==
-- input { 5 } output { [5, 2, 3] [6, 7, 8] [1, 2, 3] }

def global : []i32 = [1, 2, 3]

def shifted (x: i32) = map (+x) global

def main (x: i32) =
  let a = copy global with [0] = x
  let b = shifted x with [0] = 6
  in (a, b, copy global)
