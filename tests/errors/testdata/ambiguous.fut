type opt 't = #some t | #none

def main (b: bool) (x: i64) : i64 =
  let v = if b then #some (iota x) else #none :> opt ([]i64)
  in match v case #some a -> length a case #none -> 0
