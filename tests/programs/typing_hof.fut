-- Higher-order functions taking functions as arguments.
-- ==
-- input { [1, 2, 3] }
-- output { [3, 5, 7] 12 }
def map_twice 'a (f: a -> a) (xs: []a) = map (\x -> f (f x)) xs
def fold (f: i32 -> i32 -> i32) (z: i32) (xs: []i32) = loop acc = z for x in xs do f acc x

def main (xs: []i32) = (map_twice (\x -> x + 1) (map (\x -> x * 2 - 1) xs), fold (+) 6 xs)
