-- Array literals of computed elements.
-- ==
-- input { 3 }
-- output { [3, 4, 6] [[3, 0], [0, 3]] }
def main (x: i32) = ([x, x + 1, x * 2], [[x, 0], [0, x]])
