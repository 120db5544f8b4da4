-- to_bits and from_bits expose the IEEE 754 representation.
-- ==
-- input { 1.0 }
-- output { 4607182418800017408u64 1065353216u32 -2.0 0.5f32 }
def main (x: f64) =
  (f64.to_bits x, f32.to_bits (f32.f64 x), f64.from_bits 0xC000000000000000, f32.from_bits 0x3F000000)
