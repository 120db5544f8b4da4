-- The prefix sum of every row of an f32 matrix.
def main [m][n] (xss: [m][n]f32) : [m][n]f32 = map (scan (+) 0) xss
