-- Two parts of a value that are one fresh array made inside a let still
-- alias each other after it: consuming one uses up the other.
-- ==
-- error: :11:3: error: Using variable "zs", but this was consumed

def main (n: i64) =
  let (p, q) =
    let zs = iota n
    in (zs, zs)
  let p[0] = 1
  let q[0] = 2
  in (p, q)
