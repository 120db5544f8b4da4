-- The backward pipe <|.
-- ==
-- input { [1, 2, 3, 4] }
-- output { 14 }
def main (xs: []i32) = reduce (+) 0 <| map (+1) <| map (\x -> x) xs
