-- An array literal of an option of arrays: #none's unused payload takes
-- the size of the other rows, so the array is regular.
-- ==
-- input { } output { [1, 6, 1] }

type maybe 'a = #none | #some a

def f (x: maybe ([]i32)) : i32 =
  match x
  case #none -> 1
  case #some xs -> foldl (+) 0 xs

def main : []i32 = map f [#none, #some [1, 2, 3], #none]
