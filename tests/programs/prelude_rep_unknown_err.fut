-- rep's size must be known from the context.
-- ==
-- error: the size of rep's result is not known here

def main (x: i32) : i64 = length (rep x)
