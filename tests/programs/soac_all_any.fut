-- all and any, including on empty arrays.
-- ==
-- input { [2, 4, 6] }
-- output { true true false }
-- input { [2, 3] }
-- output { false true true }
-- input { empty([0]i32) }
-- output { true false false }
def main (xs: []i32) = (all (\x -> x % 2 == 0) xs, any (\x -> x % 2 == 0) xs, any (\x -> x % 2 == 1) xs)
