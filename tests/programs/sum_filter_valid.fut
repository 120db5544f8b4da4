-- filter on an array of sums, then a reduction of the payloads left.
-- ==
-- input { [4, -1, 6, -3, 2] } output { 3i64 12 }

type r = #ok i32 | #err i32

def main (xs: []i32) : (i64, i32) =
  let rs = map (\x -> if x >= 0 then #ok x else #err x : r) xs
  let oks = filter (\r -> match r case #ok _ -> true case #err _ -> false) rs
  in (length oks, reduce (+) 0 (map (\r -> match r case #ok x -> x case #err _ -> 0) oks))
