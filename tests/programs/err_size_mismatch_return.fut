-- A result whose size differs from the declared one is rejected.
-- ==
-- error: (?i)size|dimension|match
def main [n] (xs: [n]i32) : [n]i32 = xs ++ xs
