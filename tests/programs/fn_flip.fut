-- flip swaps the arguments of a function.
-- ==
-- input { 10 3 }
-- output { 7 -7 }
def main (a: i32) (b: i32) = ((-) a b, flip (-) a b)
