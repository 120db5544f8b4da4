-- A polymorphic sum type abbreviation (an option) and functions over it.
-- ==
-- input { [1, 0, 3] } output { [2, -1, 6] 2i32 }

type opt 'a = #none | #some a

def map_opt 'a 'b (f: a -> b) (x: opt a) : opt b =
  match x
  case #none -> #none
  case #some v -> #some (f v)

def get 'a (d: a) (x: opt a) : a =
  match x
  case #none -> d
  case #some v -> v

def is_some 'a (x: opt a) : bool =
  match x
  case #some _ -> true
  case #none -> false

def main (xs: []i32) : ([]i32, i32) =
  let os : []opt i32 = map (\x -> if x == 0 then #none else #some x) xs
  let ds = map (get (-1)) (map (map_opt (* 2)) os)
  in (ds, i32.sum (map (\o -> if is_some o then 1 else 0) os))
