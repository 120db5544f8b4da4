-- partition splits by a predicate, keeping the order within each part.
-- ==
-- input { [1, 2, 3, 4, 5, 6, 7] }
-- output { [2, 4, 6] [1, 3, 5, 7] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }
def main (xs: []i32) = partition (\x -> x % 2 == 0) xs
