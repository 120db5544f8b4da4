-- A range with stride zero is invalid.
-- ==
-- input { 1 }
-- error: .
-- input { 2 }
-- output { [1, 2, 3] }
def main (s: i32) = 1..s...3
