-- A value put in an array cannot later be applied as a function: its type
-- must not be functional.
-- ==
-- error: must not be a function type is used as a function

def g y = ([y], y 1)

def main (x: i32) = x
