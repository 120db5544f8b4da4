-- A size parameter that occurs only in a size expression is determined
-- by matching that expression with the argument's size; an argument
-- whose size is not written as that expression leaves it unknown.
-- ==
-- error: cannot determine size parameter \[n\] \[m\] of both: the argument.s size is not written as n\+m
def both [n] [m] (xs: [n + m]i32) = n * m

def main [k] (xs: [k]i32) = both xs
