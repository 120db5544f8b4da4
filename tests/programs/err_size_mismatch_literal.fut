-- An array literal of size 2 where size 3 is required.
-- ==
-- error: (?i)size|dimension|match
def sum3 (xs: [3]i32) = xs[0] + xs[1] + xs[2]

def main (x: i32) = sum3 [x, x]
