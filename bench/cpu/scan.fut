-- The inclusive prefix sum of an f32 vector.
def main [n] (xs: [n]f32) : [n]f32 = scan (+) 0 xs
