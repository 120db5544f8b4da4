-- The causality restriction: the size of filter's result is computed by
-- the first argument, which is evaluated after the lambda (the second
-- argument) whose parameter type needs it.
-- ==
-- error: (?i)causality check: size "n"
def f [n] (xs: [n]i32) (g: [n]i32 -> i32) : i32 = g xs

def main (xs: []i32) : i32 = f (filter (>0) xs) (\ys -> ys[0])
