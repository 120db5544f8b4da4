-- A partial application of a function whose result may alias its
-- arguments may return the same array at every call: consuming one call's
-- result uses up the others'.
-- ==
-- error: :18:14: error: Using variable "get", but this was consumed

def keep 'a 'b 'c (mk: a -> b) (seed: a) : c -> b =
  let made = mk seed
  in \(_: c) -> made

def fresh (n: i64) : *[4]i64 = replicate 4 n

def main (n: i64) =
  let get = keep fresh n
  let first = get true
  let second = get false
  let first[1] = 0
  in (first, second)
