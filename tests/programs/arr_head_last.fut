-- head and last, and their failure on empty arrays.
-- ==
-- input { [4, 5, 6] }
-- output { 4 6 }
-- input { [9] }
-- output { 9 9 }
-- input { empty([0]i32) }
-- error: out of bounds
def main (xs: []i32) = (head xs, last xs)
