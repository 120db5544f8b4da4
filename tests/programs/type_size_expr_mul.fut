-- Size expressions in types: [n*m].
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [1, 2, 3, 4, 5, 6] 6i64 }
def flat [n][m] (a: [n][m]i32) : [n * m]i32 = flatten a

def main [n][m] (a: [n][m]i32) = let f = flat a in (f, length f)
