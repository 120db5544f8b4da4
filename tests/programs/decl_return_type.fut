-- Optional return type annotations, with and without sizes.
-- ==
-- input { [1, 2, 3] }
-- output { [2, 4, 6] 6 }
def double [n] (xs: [n]i32) : [n]i32 = map (*2) xs
def total (xs: []i32) : i32 = reduce (+) 0 xs

def main (xs: []i32) : ([]i32, i32) = (double xs, total xs)
