-- map2 on arrays whose sizes are known to differ is rejected.
-- ==
-- error: (?i)size|dimension|match
def main [n][m] (xs: [n]i32) (ys: [m]i32) = map2 (+) xs ys
