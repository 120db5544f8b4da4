-- mk_linalg_numeric applied to i8, u16 and f32 in one program: the same
-- matrix product wraps around in the integer types.
-- ==
-- input { [[3]] [[4]] }
-- output { [[12i8]] [[12u16]] [[12.0f32]] }
-- input { [[100, 20], [-7, 1]] [[2, 0], [5, 9]] }
-- output { [[44i8, -76i8], [-9i8, 9i8]] [[300u16, 180u16], [65527u16, 9u16]] [[300.0f32, 180.0f32], [-9.0f32, 9.0f32]] }
-- input { [[0, -30, -60], [50, 20, -10]] [[22, 33], [44, 66], [66, 99]] }
-- output { [[96i8, 16i8], [40i8, -68i8]] [[60256u16, 57616u16], [1320u16, 1980u16]] [[-5280.0f32, -7920.0f32], [1320.0f32, 1980.0f32]] }

import "lib/github.com/fcclang/linalg/linalg"

module la8 = mk_linalg_numeric i8
module la16 = mk_linalg_numeric u16
module la32 = mk_linalg_numeric f32

def main [n][m] (a: [n][m]i32) (b: [m][n]i32) : ([n][n]i8, [n][n]u16, [n][n]f32) =
  (la8.matmul (map (map i8.i32) a) (map (map i8.i32) b),
   la16.matmul (map (map u16.i32) a) (map (map u16.i32) b),
   la32.matmul (map (map f32.i32) a) (map (map f32.i32) b))
