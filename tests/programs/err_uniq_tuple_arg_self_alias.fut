-- Two unique components of one argument may not share an array.
-- ==
-- error: :7:36: error: Argument passed for consuming parameter is self-aliased

def first [n] (p: *([n]i32, [n]i32)) = (p with 0[0] = 0).0

def main [n] (xs: *[n]i32) = first (xs, xs)
