-- The sum of an f32 vector.
def main [n] (xs: [n]f32) : f32 = f32.sum xs
