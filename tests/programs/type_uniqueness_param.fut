-- A unique parameter may be updated in place.
-- ==
-- input { [1, 2, 3] }
-- output { [42, 2, 3] }
def set0 (xs: *[]i32) : *[]i32 = xs with [0] = 42

def main (xs: *[]i32) = set0 xs
