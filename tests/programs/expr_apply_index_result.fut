-- Indexing the result of an application needs parentheses: (f x)[i].
-- ==
-- input { 5 2i64 }
-- output { 7 }
def three (x: i32) = [x, x + 1, x + 2]

def main (x: i32) (i: i64) = (three x)[i]
