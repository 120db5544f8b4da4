-- A top-level function may return a function.
-- ==
-- input { [1, 2, 3] 10 }
-- output { [11, 12, 13] [20, 40, 60] }
def adder (k: i32) : i32 -> i32 = \x -> x + k
def scaler (k: i32) = (* (2 * k))

def main (xs: []i32) (k: i32) = (map (adder k) xs, map (scaler k) xs)
