-- An exclusive range whose start exceeds its end is invalid.
-- ==
-- input { 5 2 }
-- error: .
-- input { 2 5 }
-- output { [2, 3, 4] }
def main (a: i32) (b: i32) = a..<b
