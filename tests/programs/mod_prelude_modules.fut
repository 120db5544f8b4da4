-- The prelude's numeric modules are modules: aliased, ascribed to their
-- module types (making the type abstract), passed to functors, and opened
-- locally.
-- ==
-- input { 0 0.0f64 }
-- output { -1 1i64 0.0f64 0.0f64 false }
-- input { 5 2.25f64 }
-- output { 14 26i64 1.5f64 7.0685834705770345f64 false }
-- input { -4 -9.0f64 }
-- output { -13 17i64 3.0f64 -28.274333882308138f64 true }
-- input { -1 16.0f64 }
-- output { -4 2i64 4.0f64 50.26548245743669f64 false }

module I = i32
module A : integral = i64
module F : real with t = f64 = f64

def via_abstract (x: i32) : i64 =
  A.to_i64 (A.(i32 x * i32 x + i32 1))

def main (x: i32) (y: f64) : (i32, i64, f64, f64, bool) =
  (I.(x * 3 - 1), via_abstract x, F.sqrt (F.abs y), f64.(pi * y), I.(x < 0) && F.(y < 0))
