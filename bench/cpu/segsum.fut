-- The sum of every row of an f32 matrix.
def main [m][n] (xss: [m][n]f32) : [m]f32 = map f32.sum xss
