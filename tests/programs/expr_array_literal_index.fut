-- Indexing directly into an array literal.
-- ==
-- input { 1i64 }
-- output { 20 }
-- input { 2i64 }
-- output { 30 }
def main (i: i64) = [10, 20, 30][i]
