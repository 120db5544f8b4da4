-- Assertions on the entry's arguments, passing and failing.
-- ==
-- input { [1, 2, 3] }
-- output { 2 }
-- input { empty([0]i32) }
-- error: assertion is false: \(length xs > 0\)
def main (xs: []i32) = assert (length xs > 0) (xs[length xs / 2])
