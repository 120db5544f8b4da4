-- A functor over real applied to f32 and f64: the trapezoid rule, with the
-- module's conversions (i64, i32) and prelude functions (sum, head, last)
-- mixed inside local opens R.(...).
-- ==
-- entry: square32
-- input { 0.0f32 1.0f32 1i64 }
-- output { 0.5f32 }
-- input { 0.0f32 1.0f32 4i64 }
-- output { 0.34375f32 }
-- input { -1.0f32 2.0f32 30i64 }
-- output { 3.0050000000000008f32 }

-- ==
-- entry: sin64
-- input { 0.0f64 3.1415926535897931f64 1i64 }
-- output { 1.9236706937217898e-16f64 }
-- input { 0.0f64 3.1415926535897931f64 7i64 }
-- output { 1.9663166787658921f64 }
-- input { 0.0f64 1.0f64 100i64 }
-- output { 0.45969386331135781f64 }

-- ==
-- entry: exp64
-- input { -2.0f64 2.0f64 5i64 }
-- output { 1.7571669873483202f64 }
-- input { 0.0f64 3.0f64 64i64 }
-- output { 0.88620721282625092f64 }

-- Numerical integration written once for any real module.
module integrate (R: real) = {
  -- The trapezoid rule with n intervals.
  def trapezoid (f: R.t -> R.t) (a: R.t) (b: R.t) (n: i64) : R.t =
    let h = R.((b - a) / i64 n)
    let ys = map (\i -> f R.(a + i64 i * h)) (iota (n + 1))
    in R.(h * (sum ys - (head ys + last ys) / i32 2))
}

module int32 = integrate f32
module int64 = integrate f64

entry square32 (a: f32) (b: f32) (n: i64) : f32 = int32.trapezoid (\x -> x * x) a b n
entry sin64 (a: f64) (b: f64) (n: i64) : f64 = int64.trapezoid f64.sin a b n
entry exp64 (a: f64) (b: f64) (n: i64) : f64 = int64.trapezoid (\x -> f64.exp (-x * x)) a b n
