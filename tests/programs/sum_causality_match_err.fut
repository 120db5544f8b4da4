-- The causality restriction between the cases of a match: #None's type
-- would need the size that only the second case computes.
-- ==
-- error: Causality check: .* needed for the type of the earlier cases

type option 'a = #None | #Some a

def gen (k: i64) : ?[n].[n]i32 = let n = k + 1 in replicate n 0

entry main (x: i32) (k: i64) : option ([]i32) =
  match x
  case 0 -> #None
  case _ -> #Some (gen k)
