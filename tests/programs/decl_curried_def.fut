-- A function of several curried parameters, partially applied.
-- ==
-- input { [1, 2, 3] }
-- output { [111, 112, 113] }
def add3 (a: i32) (b: i32) (c: i32) = a + b + c

def main (xs: []i32) = map (add3 100 10) xs
