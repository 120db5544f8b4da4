-- A size expression may be evaluated wherever its type is, so it may not
-- consume anything.
-- ==
-- error: :8:32: error: Consuming "buf", which is not consumable inside a size expression

def main (buf: *[]i64) =
  let n = length buf
  let out = iota n :> [let _ = buf with [0] = 1 in n]i64
  in (out, buf)
