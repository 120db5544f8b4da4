-- Size parameters constrain argument sizes and are usable as values.
-- ==
-- input { [1, 2, 3] [4, 5, 6] }
-- output { 32 3i64 }
-- input { empty([0]i32) empty([0]i32) }
-- output { 0 0i64 }
def dot [n] (a: [n]i32) (b: [n]i32) : i32 = reduce (+) 0 (map2 (*) a b)

def len [n] (_: [n]i32) : i64 = n

def main [n] (xs: [n]i32) (ys: [n]i32) = (dot xs ys, len xs)
