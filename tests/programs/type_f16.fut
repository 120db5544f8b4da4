-- f16 values, arithmetic and conversions.
-- ==
-- input { [1.5f16, 2.25f16, -0.5f16] }
-- output { 3.25f16 [3f16, 4.5f16, -1f16] 3.25f32 }
def main (xs: []f16) =
  let s = reduce (+) 0 xs
  in (s, map (*2) xs, f32.f16 s)
