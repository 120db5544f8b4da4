-- flatten's result has size n * m, which is not n: a compile-time size
-- error, as in Futhark (was a run-time check).
-- ==
-- error: (?i)sizes "n \* m" and "n" do not match

def main [n] [m] (xss: [n][m]i32) (ys: [n]i32) = map2 (+) (flatten xss) ys
