-- The range a..>b counts down and excludes b.
-- ==
-- input { 5 1 }
-- output { [5, 4, 3, 2] }
-- input { 0 -2 }
-- output { [0, -1] }
def main (a: i32) (b: i32) = a..>b
