-- Transpose of an f32 matrix, written out (8 bytes per element).
-- ==
-- random input { [8192][8192]f32 }
-- random input { [65536][1024]f32 }
def main [n][m] (xss: [n][m]f32) : [m][n]f32 = transpose xss
