-- As sum_coerce_ambiguous_err, with a constant size in the coercion.
-- ==
-- error: Ambiguous.*size coercion

type opt 't = #some t | #none

def main (b: bool) (x: i64) : i64 =
  let v = if b then #some (iota 2) else #none :> opt ([2]i64)
  in match v
     case #some a -> a[1] + x
     case #none -> 0
