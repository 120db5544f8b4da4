-- A slice xs[1:] of an [n] array has size n - 1, which is not n: a
-- compile-time size error, as in Futhark (was a run-time check).
-- ==
-- error: (?i)sizes "n" and "n - 1" do not match

def main [n] (xs: [n]i32) : [n]i32 = xs[1:]
