-- A sum type of nullary constructors only: an enumeration, just a tag.
-- ==
-- input { [0, 1, 2, 1, 0] } output { [255u8, 0u8, 0u8, 0u8, 255u8] 2i32 }

type colour = #red | #green | #blue

def of_int (i: i32) : colour = if i == 0 then #red else if i == 1 then #green else #blue

def red (c: colour) : u8 = match c
                           case #red -> 255
                           case #green -> 0
                           case #blue -> 0

def main (xs: []i32) : ([]u8, i32) =
  let cs = map of_int xs
  in (map red cs, i32.sum (map (\c -> if c == #green then 1 else 0) cs))
