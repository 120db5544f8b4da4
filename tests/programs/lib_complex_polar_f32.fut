-- mk_complex f32: magnitude and argument of numbers in all four quadrants,
-- and back with from_polar.
-- ==
-- input { empty([0]f32) empty([0]f32) }
-- output { empty([0]f32) empty([0]f32) empty([0]f32) empty([0]f32) }
-- input { [1.0f32] [0.0f32] }
-- output { [1.0f32] [0.0f32] [1.0f32] [0.0f32] }
-- input { [3.0f32, -1.0f32, 0.0f32, -1.0f32, 0.29999999999999999f32] [4.0f32, 0.0f32, 2.0f32, -1.0f32, -2.5f32] }
-- output { [5.0f32, 1.0f32, 2.0f32, 1.4142135623730951f32, 2.5179356624028344f32] [0.92729521800161219f32, 3.1415926535897931f32, 1.5707963267948966f32, -2.3561944901923448f32, -1.4513674007765582f32] [3.0f32, -1.0f32, 0.0f32, -1.0f32, 0.29999999999999999f32] [4.0f32, 0.0f32, 2.0f32, -1.0f32, -2.5f32] }

import "lib/github.com/fcclang/complex/complex"

module c32 = mk_complex f32

def main [n] (re: [n]f32) (im: [n]f32) : ([n]f32, [n]f32, [n]f32, [n]f32) =
  let zs = map2 c32.mk re im
  let back = map (\z -> c32.from_polar (c32.mag z) (c32.arg z)) zs
  in (map c32.mag zs, map c32.arg zs, map c32.re back, map c32.im back)
