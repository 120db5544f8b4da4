-- Ranges with a stride given by the second element.
-- ==
-- input { 1 }
-- output { [1, 3, 5, 7, 9] [1, 4, 7] [10, 8, 6, 4, 2] }
def main (a: i32) = (a..a + 2...9, a..a + 3..<10, 10..8..>0)
