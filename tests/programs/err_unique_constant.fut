-- A top-level constant is shared by all its uses, so its type may not be
-- unique.
-- ==
-- error: A top-level constant cannot have a unique type

def zeros : *[4]i32 = replicate 4 0

def main (i: i64) = zeros with [i] = 1
