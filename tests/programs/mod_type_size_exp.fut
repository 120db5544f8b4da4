-- A type abbreviation whose definition has a size expression ([n+m])
-- beside its size parameters as dimensions, defined in a module and used
-- with sizes that are names, expressions and constants.
-- ==
-- input { [1, 2] [3] } output { [1, 2, 3] [1, 2, 1, 2, 0] 5i64 [7, 8, 9] }

module joined = {
  type sum [n] [m] = ([n]i32, [m]i32, [n + m]i32)

  def mk [n] [m] (a: [n]i32) (b: [m]i32) : sum [n] [m] = (a, b, a ++ b)

  def grow [k] (a: [k]i32) : sum [k] [k + 1] = mk a (a ++ [0])

  def lit : sum [1] [2] = mk [7] [8, 9]
}

def main (a: []i32) (b: []i32) =
  let (_, _, c) = joined.mk a b
  let (_, _, d) = joined.grow a
  let (_, _, e) = joined.lit
  in (c, d, length d, copy e)
