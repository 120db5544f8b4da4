-- scan with max: running maximum.
-- ==
-- input { [3, 1, 4, 1, 5, 9, 2, 6] }
-- output { [3, 3, 4, 4, 5, 9, 9, 9] }
def main (xs: []i32) = scan i32.max i32.lowest xs
