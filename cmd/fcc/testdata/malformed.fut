-- ==
-- input { [1, 2 }
def main (xs: []i32) = xs
