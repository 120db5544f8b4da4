-- Character literal patterns on u8 (a string's bytes).
-- ==
-- input { [97u8, 43u8, 98u8, 45u8, 99u8] } output { 1i32 1i32 3i32 }

def main (s: []u8) : (i32, i32, i32) =
  let k (c: u8) : i32 = match c
                        case '+' -> 0
                        case '-' -> 1
                        case _ -> 2
  let ks = map k s
  in (i32.sum (map (\x -> if x == 0 then 1 else 0) ks),
      i32.sum (map (\x -> if x == 1 then 1 else 0) ks),
      i32.sum (map (\x -> if x == 2 then 1 else 0) ks))
