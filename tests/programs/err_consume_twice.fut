-- Passing the same array to two unique parameters consumes it twice.
-- ==
-- error: (?i)consum|alias|unique
def f (a: *[]i32) (b: *[]i32) = (a with [0] = 1, b with [0] = 2)

def main (xs: *[]i32) = f xs xs
