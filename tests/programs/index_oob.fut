-- Indexing out of bounds is a run-time error.
-- ==
-- input { [1, 2, 3] 3i64 }
-- error: out of bounds
-- input { [1, 2, 3] 2i64 }
-- output { 3 }
def main (xs: []i32) (i: i64) : i32 = xs[i]
