-- Integer conversions follow Futhark's prelude: a signed value widened to
-- a signed type is sign-extended, every other widening zero-extends
-- (u16.i8 (-128i8) is 128u16), on the host and in kernels.
-- ==
-- entry: host
-- input { -128i8 -1i32 -1i16 200u8 -5i8 }
-- output { 128u16 4294967295u64 65535u32 200i32 -5i64 251u8 }

-- ==
-- entry: in_kernel
-- input { [-128i8, 5i8] }
-- output { [128u16, 5u16] [128u64, 5u64] [-128i32, 5i32] [65408i32, 5i32] }

entry host (a: i8) (b: i32) (c: i16) (d: u8) (e: i8) =
  (u16.i8 a, u64.i32 b, u32.i16 c, i32.u8 d, i64.i8 e, u8.i8 e)

entry in_kernel (xs: []i8) =
  (map u16.i8 xs, map u64.i8 xs, map i32.i8 xs, map (\x -> i32.u16 (u16.i16 (i16.i8 x))) xs)
