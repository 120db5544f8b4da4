-- One functor over the prelude's module type numeric applied to all ten
-- numeric modules (i8 ... u64, f32, f64): sums of squares (wrapping for
-- integers), spreads through a local open N.(...), and clamping.
-- ==
-- entry: i8_stats
-- input { [3i8, -7i8, 12i8, 100i8] }
-- output { -38i8 107i8 [3i8, 0i8, 10i8, 10i8] }
-- input { [3i8] }
-- output { 9i8 0i8 [3i8] }

-- ==
-- entry: i16_stats
-- input { [300i16, -2i16, 1000i16] }
-- output { -24108i16 1002i16 [10i16, 0i16, 10i16] }
-- input { [300i16] }
-- output { 24464i16 0i16 [10i16] }

-- ==
-- entry: i32_stats
-- input { [70000, -5, 3] }
-- output { 605032738 70005 [10, 0, 3] }
-- input { [70000] }
-- output { 605032704 0 [10] }

-- ==
-- entry: i64_stats
-- input { [5000000000i64, -1i64, 2i64] }
-- output { 6553255926290448389i64 5000000001i64 [10i64, 0i64, 2i64] }
-- input { [5000000000i64] }
-- output { 6553255926290448384i64 0i64 [10i64] }

-- ==
-- entry: u8_stats
-- input { [200u8, 3u8, 17u8] }
-- output { 106u8 197u8 [10u8, 3u8, 10u8] }
-- input { [200u8] }
-- output { 64u8 0u8 [10u8] }

-- ==
-- entry: u16_stats
-- input { [60000u16, 2u16, 400u16] }
-- output { 5380u16 59998u16 [10u16, 2u16, 10u16] }
-- input { [60000u16] }
-- output { 41984u16 0u16 [10u16] }

-- ==
-- entry: u32_stats
-- input { [4000000000u32, 7u32, 65536u32] }
-- output { 1983905841u32 3999999993u32 [10u32, 7u32, 10u32] }
-- input { [4000000000u32] }
-- output { 1983905792u32 0u32 [10u32] }

-- ==
-- entry: u64_stats
-- input { [10000000000u64, 3u64, 1u64] }
-- output { 7766279631452241930u64 9999999999u64 [10u64, 3u64, 1u64] }
-- input { [10000000000u64] }
-- output { 7766279631452241920u64 0u64 [10u64] }

-- ==
-- entry: f32_stats
-- input { [1.5f32, -2.25f32, 4.0f32] }
-- output { 23.3125f32 6.25f32 [1.5f32, 0.0f32, 4.0f32] }
-- input { [1.5f32] }
-- output { 2.25f32 0.0f32 [1.5f32] }

-- ==
-- entry: f64_stats
-- input { [0.10000000000000001f64, -3.5f64, 2.0f64, 8.25f64] }
-- output { 84.322499999999991f64 11.75f64 [0.10000000000000001f64, 0.0f64, 2.0f64, 8.25f64] }
-- input { [0.10000000000000001f64] }
-- output { 0.010000000000000002f64 0.0f64 [0.10000000000000001f64] }

-- Statistics written once for any numeric module.
module stats (N: numeric) = {
  def sum_sq [n] (xs: [n]N.t) : N.t = N.sum (map (\x -> x N.* x) xs)
  def spread [n] (xs: [n]N.t) : N.t = N.(maximum xs - minimum xs)
  def clamp (lo: N.t) (hi: N.t) (x: N.t) : N.t = N.max lo (N.min hi x)
}

module stats_i8 = stats i8
entry i8_stats (xs: []i8) : (i8, i8, []i8) =
  (stats_i8.sum_sq xs, stats_i8.spread xs, map (stats_i8.clamp (i8.i32 0) (i8.i32 10)) xs)

module stats_i16 = stats i16
entry i16_stats (xs: []i16) : (i16, i16, []i16) =
  (stats_i16.sum_sq xs, stats_i16.spread xs, map (stats_i16.clamp (i16.i32 0) (i16.i32 10)) xs)

module stats_i32 = stats i32
entry i32_stats (xs: []i32) : (i32, i32, []i32) =
  (stats_i32.sum_sq xs, stats_i32.spread xs, map (stats_i32.clamp (i32.i32 0) (i32.i32 10)) xs)

module stats_i64 = stats i64
entry i64_stats (xs: []i64) : (i64, i64, []i64) =
  (stats_i64.sum_sq xs, stats_i64.spread xs, map (stats_i64.clamp (i64.i32 0) (i64.i32 10)) xs)

module stats_u8 = stats u8
entry u8_stats (xs: []u8) : (u8, u8, []u8) =
  (stats_u8.sum_sq xs, stats_u8.spread xs, map (stats_u8.clamp (u8.i32 0) (u8.i32 10)) xs)

module stats_u16 = stats u16
entry u16_stats (xs: []u16) : (u16, u16, []u16) =
  (stats_u16.sum_sq xs, stats_u16.spread xs, map (stats_u16.clamp (u16.i32 0) (u16.i32 10)) xs)

module stats_u32 = stats u32
entry u32_stats (xs: []u32) : (u32, u32, []u32) =
  (stats_u32.sum_sq xs, stats_u32.spread xs, map (stats_u32.clamp (u32.i32 0) (u32.i32 10)) xs)

module stats_u64 = stats u64
entry u64_stats (xs: []u64) : (u64, u64, []u64) =
  (stats_u64.sum_sq xs, stats_u64.spread xs, map (stats_u64.clamp (u64.i32 0) (u64.i32 10)) xs)

module stats_f32 = stats f32
entry f32_stats (xs: []f32) : (f32, f32, []f32) =
  (stats_f32.sum_sq xs, stats_f32.spread xs, map (stats_f32.clamp (f32.i32 0) (f32.i32 10)) xs)

module stats_f64 = stats f64
entry f64_stats (xs: []f64) : (f64, f64, []f64) =
  (stats_f64.sum_sq xs, stats_f64.spread xs, map (stats_f64.clamp (f64.i32 0) (f64.i32 10)) xs)
