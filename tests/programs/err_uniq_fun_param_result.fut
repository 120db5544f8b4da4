-- What a function parameter returns may be an array the function holds
-- (its result type is not unique): it may not be updated in place.
-- ==
-- error: :8:3: error: Consuming "gen", which is not consumable

def apply (gen: i64 -> []f64) (n: i64) : f64 =
  let row = gen n
  let row[0] = 1f64
  in row[0]

def main (n: i64) : f64 = apply (\m -> replicate m 0f64) n
