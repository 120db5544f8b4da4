-- Futhark's prelude conversions r32, t32, r64, t64 (kmeans and bfast in
-- futhark-benchmarks divide by r32 counts), flatten_to, and trace as
-- the identity; a program may still define a name of its own called
-- break.
-- ==
-- input { [1i32, 2i32, 4i32] 2.75f32 -1.5f64 }
-- output { [0.5f32, 1.0f32, 2.0f32] 2i32 -1i32 3.0f64 [1i32, 2i32, 4i32, 1i32, 2i32, 4i32] 5i32 }

def break (x: i32) = x + 1

def main (xs: []i32) (y: f32) (z: f64) =
  let n = length xs
  in ( map (\x -> r32 x / 2) xs
     , t32 y
     , t64 z
     , r64 (i32.i64 n)
     , flatten_to (2 * n) (replicate 2 xs)
     , trace (break 4) )
