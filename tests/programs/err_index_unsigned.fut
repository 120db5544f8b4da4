-- Array indices must be of a signed integer type.
-- ==
-- error: (?i)type|index|signed|unify
def main (xs: []i32) (i: u8) = xs[i]
