-- A function whose parameter's function type returns a unique array may
-- consume what it returns: the argument must return a fresh array.
-- ==
-- error: :11:11: error: argument 1 of fill is a function whose result is not unique

def fill (mk: i64 -> *[3]i64) : *[3]i64 =
  mk 1 with [0] = 9

def main (base: [3]i64) : *[3]i64 =
  let view (_: i64) : [3]i64 = base
  in fill view
