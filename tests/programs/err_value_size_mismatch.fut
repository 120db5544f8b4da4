-- Sizes computed from ordinary values are compared as written: iota a
-- and iota b have the sizes "a" and "b", which differ, so they cannot be
-- the one unknown size that `[]` stands for in pair [].
-- ==
-- error: Sizes "a" and "b" do not match

type pair [k] = ([k]i64, [k]i64)

def both (a: i64) (b: i64) : pair [] = (iota a, iota b)

def main (a: i64) (b: i64) = both a b
