-- Partial application of top-level functions.
-- ==
-- input { [1, 2, 3] }
-- output { [7, 12, 17] }
def affine (a: i32) (b: i32) (x: i32) = a * x + b

def main (xs: []i32) =
  let f = affine 5
  in map (f 2) xs
