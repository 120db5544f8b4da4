-- foldl and foldr associate differently.
-- ==
-- input { [1, 2, 3] }
-- output { -6 2 }
-- input { empty([0]i32) }
-- output { 0 0 }
def main (xs: []i32) = (foldl (-) 0 xs, foldr (-) 0 xs)
