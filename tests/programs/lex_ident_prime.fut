-- Identifiers may contain primes after the first character.
-- ==
-- input { 3 }
-- output { 4 8 9 }
-- input { 0 }
-- output { 1 2 3 }
def main (x: i32) =
  let x' = x + 1
  let x'' = x' * 2
  let x'1 = x'' + 1
  in (x', x'', x'1)
