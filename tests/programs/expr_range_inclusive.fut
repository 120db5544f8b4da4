-- The range a..b includes b.
-- ==
-- input { 2 5 }
-- output { [2, 3, 4, 5] }
-- input { 7 7 }
-- output { [7] }
def main (a: i32) (b: i32) = a..b
