-- The branches of an if may not return arrays of different known sizes
-- where the result must have one.
-- ==
-- error: (?i)size|dimension|match
def main [n][m] (b: bool) (xs: [n]i32) (ys: [m]i32) : [n]i32 = if b then xs else ys
