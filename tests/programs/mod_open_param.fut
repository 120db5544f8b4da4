-- A functor that opens its parameter: in its body the operators and
-- functions are the parameter's (+, *, abs, i32), so the body reads like
-- ordinary arithmetic on i64, u8 and f64.
-- ==
-- entry: eval64
-- input { empty([0]i64) 3i64 }
-- output { 0i64 97i64 }
-- input { [7i64] -2i64 }
-- output { 7i64 102i64 }
-- input { [1i64, 2i64, 3i64] 10i64 }
-- output { 321i64 90i64 }
-- input { [5i64, 0i64, -1i64, 4i64] -3i64 }
-- output { -112i64 103i64 }
-- input { [1i64, 1i64, 1i64] 2147483648i64 }
-- output { 4611686020574871553i64 2147483548i64 }

-- ==
-- entry: eval8
-- input { empty([0]u8) 3u8 }
-- output { 0u8 159u8 }
-- input { [1u8, 2u8, 3u8] 10u8 }
-- output { 65u8 166u8 }
-- input { [200u8, 100u8, 50u8] 7u8 }
-- output { 22u8 163u8 }
-- input { [9u8] 150u8 }
-- output { 9u8 50u8 }

-- ==
-- entry: evalf
-- input { empty([0]f64) 3.0f64 }
-- output { 0.0f64 97.0f64 }
-- input { [0.5f64, -1.5f64, 2.0f64] 0.25f64 }
-- output { 0.25f64 99.75f64 }
-- input { [1.0f64, 1.0f64, 1.0f64, 1.0f64] -2.0f64 }
-- output { -5.0f64 102.0f64 }

module poly (N: numeric) = {
  open N
  -- Evaluated by Horner's rule with the parameter's operators.
  def eval [k] (cs: [k]t) (x: t) : t = loop acc = i32 0 for c in reverse cs do acc * x + c
  def dist (x: t) (y: t) : t = abs (x - y)
}

module p64 = poly i64
module p8 = poly u8
module pf = poly f64

entry eval64 (cs: []i64) (x: i64) : (i64, i64) = (p64.eval cs x, p64.dist x 100)
entry eval8 (cs: []u8) (x: u8) : (u8, u8) = (p8.eval cs x, p8.dist x 100)
entry evalf (cs: []f64) (x: f64) : (f64, f64) = (pf.eval cs x, pf.dist x 100)
