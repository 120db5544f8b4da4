-- A map whose function returns functions would make an array of
-- functions, which Futhark does not allow.
-- ==
-- error: functional type i32 -> i32 \(arrays of functions are not allowed\)
def g (xs: []i32) = map (\x -> \y -> x + y) xs
def main (xs: []i32) = let fs = g xs in fs[0] 1
