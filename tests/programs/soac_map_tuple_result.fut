-- map returning tuples gives an array of tuples, unzipped at the entry.
-- ==
-- input { [1, 2, 3] }
-- output { [2, 3, 4] [true, false, true] }
def main (xs: []i32) = unzip (map (\x -> (x + 1, x % 2 == 1)) xs)
