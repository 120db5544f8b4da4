-- The range a..<b.
-- ==
-- input { 2i64 6i64 }
-- output { [2i64, 3i64, 4i64, 5i64] }
-- input { 3i64 3i64 }
-- output { empty([0]i64) }
def main (a: i64) (b: i64) = a..<b
