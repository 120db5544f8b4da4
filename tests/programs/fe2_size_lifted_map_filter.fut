-- map's result type parameter is not size-lifted: the function given to
-- map may not return an array whose size it computes itself (here the
-- size of filter's result), or the result would be irregular.
-- ==
-- error: argument 1 of map: type variable 'b cannot be instantiated with type \[\]i32, which contains a size that is not known until the function is applied

def main (xss: [][]i32) = map (\xs -> filter (>0) xs) xss
