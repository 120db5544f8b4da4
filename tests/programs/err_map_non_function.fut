-- map expects a function as its first argument.
-- ==
-- error: (?i)type|function|unify
def main (xs: []i32) = map 1 xs
