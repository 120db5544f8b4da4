-- filter keeps the elements satisfying a predicate, in order.
-- ==
-- input { [5, -2, 0, 7, -1, 3] }
-- output { [5, 7, 3] }
-- input { [-1, -2] }
-- output { empty([0]i32) }
-- input { empty([0]i32) }
-- output { empty([0]i32) }
def main (xs: []i32) = filter (> 0) xs
