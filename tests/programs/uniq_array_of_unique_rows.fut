-- Uniqueness goes outside-in: an array whose rows have a unique type
-- abbreviation is not itself unique, so it may be a parameter's array.
-- ==
-- input { [[1, 2], [3, 4]] } output { [[1, 2], [3, 4]] }

type row [n] = *[n]i32

def main (p: [][]i32) : [](row []) = p
