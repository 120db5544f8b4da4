-- A functor over integral applied to i16, u32, i64 and u8: a population
-- count from num_bits and get_bit (checked against popc), the lowest set
-- bit through I.(x & neg x), and gcd with the module's %% operator.
-- ==
-- entry: i16_bits
-- input { 12i16 18i16 }
-- output { 2 2 4i16 6i16 }
-- input { -48i16 36i16 }
-- output { 11 11 16i16 12i16 }
-- input { 7i16 0i16 }
-- output { 3 3 1i16 7i16 }
-- input { -1i16 -1i16 }
-- output { 16 16 1i16 1i16 }

-- ==
-- entry: u32_bits
-- input { 4000000000u32 12u32 }
-- output { 13 13 2048u32 4u32 }
-- input { 17u32 5u32 }
-- output { 2 2 1u32 1u32 }
-- input { 0u32 9u32 }
-- output { 0 0 0u32 9u32 }

-- ==
-- entry: i64_bits
-- input { 1099511627776i64 6291456i64 }
-- output { 1 1 1099511627776i64 2097152i64 }
-- input { -15i64 25i64 }
-- output { 61 61 1i64 5i64 }

-- ==
-- entry: u8_bits
-- input { 255u8 85u8 }
-- output { 8 8 1u8 85u8 }
-- input { 128u8 96u8 }
-- output { 1 1 128u8 32u8 }
-- input { 1u8 1u8 }
-- output { 1 1 1u8 1u8 }

-- Bit tricks and number theory written once for any integral module.
module bits (I: integral) = {
  -- Counted one bit at a time, to compare with the module's popc.
  def popcount (x: I.t) : i32 = loop c = 0 for b < I.num_bits do c + I.get_bit b x
  def lowest_set (x: I.t) : I.t = I.(x & neg x)
  def gcd (a: I.t) (b: I.t) : I.t =
    let (g, _) = loop (a, b) = (I.abs a, I.abs b) while b I.!= I.i32 0 do (b, a I.%% b)
    in g
}

module bits_i16 = bits i16
entry i16_bits (a: i16) (b: i16) : (i32, i32, i16, i16) =
  (bits_i16.popcount a, i16.popc a, bits_i16.lowest_set a, bits_i16.gcd a b)

module bits_u32 = bits u32
entry u32_bits (a: u32) (b: u32) : (i32, i32, u32, u32) =
  (bits_u32.popcount a, u32.popc a, bits_u32.lowest_set a, bits_u32.gcd a b)

module bits_i64 = bits i64
entry i64_bits (a: i64) (b: i64) : (i32, i32, i64, i64) =
  (bits_i64.popcount a, i64.popc a, bits_i64.lowest_set a, bits_i64.gcd a b)

module bits_u8 = bits u8
entry u8_bits (a: u8) (b: u8) : (i32, i32, u8, u8) =
  (bits_u8.popcount a, u8.popc a, bits_u8.lowest_set a, bits_u8.gcd a b)
