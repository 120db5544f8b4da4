-- An entry point other than main.
-- ==
-- entry: compute
-- input { 3 }
-- output { 10 }
-- input { -2 }
-- output { -5 }
def helper (x: i32) = 3 * x

entry compute (x: i32) = helper x + 1
