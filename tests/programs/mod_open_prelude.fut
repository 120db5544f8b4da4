-- Opening a prelude module: a module that opens i64 exports its names
-- too, and a top-level local open of f64 makes its functions (sqrt, cos,
-- pi) plain names.  It comes last: f64's conversion functions i64, i32 ...
-- would hide the modules of those names (modules and values share a name
-- space).
-- ==
-- input { 0.0f64 0i64 }
-- output { 1.0f64 1.0f64 2i64 0i64 }
-- input { 1.0f64 -5i64 }
-- output { 1.4142135623730951f64 -1.0f64 5i64 -1i64 }
-- input { 0.5f64 42i64 }
-- output { 1.1180339887498949f64 6.123233995736766e-17f64 10i64 1i64 }
-- input { -2.25f64 7i64 }
-- output { 2.462214450449026f64 0.70710678118654768f64 7i64 1i64 }

module int_ops = {
  open i64
  def clamp_abs (x: i64) (lo: i64) (hi: i64) : i64 = max lo (min hi (abs x))
}

local open f64

def main (x: f64) (k: i64) : (f64, f64, i64, i64) =
  (sqrt (x * x + 1), cos (pi * x), int_ops.clamp_abs k 2 10, int_ops.sgn k)
