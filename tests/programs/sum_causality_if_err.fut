-- The causality restriction: #None's type would need the size that only
-- the else branch computes (gen's existential size).
-- ==
-- error: Causality check

type option 'a = #None | #Some a

def gen (k: i64) : ?[n].[n]i32 =
  let n = k + 1
  in replicate n 0i32

entry main (b: bool) (k: i64) : option ([]i32) =
  if b
  then #None
  else #Some (gen k)
