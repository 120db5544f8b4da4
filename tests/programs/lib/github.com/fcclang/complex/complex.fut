-- | Complex numbers over any real type.

-- | Complex numbers and their arithmetic.
module type complex = {
  -- | The type of the real and imaginary parts.
  type real
  type complex
  val mk: real -> real -> complex
  val mk_re: real -> complex
  val mk_im: real -> complex
  val re: complex -> real
  val im: complex -> real
  val zero: complex
  val one: complex
  -- | The imaginary unit.
  val i: complex
  val +: complex -> complex -> complex
  val -: complex -> complex -> complex
  val *: complex -> complex -> complex
  val /: complex -> complex -> complex
  val ==: complex -> complex -> bool
  val neg: complex -> complex
  val conj: complex -> complex
  -- | Multiplication by a real.
  val scale: real -> complex -> complex
  -- | The absolute value.
  val mag: complex -> real
  -- | The angle from the positive real axis, in (-pi, pi].
  val arg: complex -> real
  val from_polar: real -> real -> complex
  val exp: complex -> complex
  -- | The principal natural logarithm.
  val log: complex -> complex
  -- | The principal square root.
  val sqrt: complex -> complex
  -- | The principal power; zero to any power is zero.
  val **: complex -> complex -> complex
  val sum [n]: [n]complex -> complex
}

-- | Complex numbers as pairs of `T.t`.
module mk_complex (T: real) : complex with real = T.t with complex = (T.t, T.t) = {
  type real = T.t
  type complex = (T.t, T.t)

  def mk (a: real) (b: real) : complex = (a, b)
  def mk_re (a: real) : complex = (a, T.i32 0)
  def mk_im (b: real) : complex = (T.i32 0, b)
  def re ((a, _): complex) : real = a
  def im ((_, b): complex) : real = b
  def zero : complex = mk_re (T.i32 0)
  def one : complex = mk_re (T.i32 1)
  def i : complex = mk_im (T.i32 1)

  -- From here on the operators are complex; the parts' arithmetic is
  -- written inside T.(...).
  def ((a, b): complex) + ((c, d): complex) : complex = T.((a + c, b + d))
  def ((a, b): complex) - ((c, d): complex) : complex = T.((a - c, b - d))
  def ((a, b): complex) * ((c, d): complex) : complex =
    T.((a * c - b * d, a * d + b * c))
  def ((a, b): complex) / ((c, d): complex) : complex =
    T.(let q = c * c + d * d
       in ((a * c + b * d) / q, (b * c - a * d) / q))
  def ((a, b): complex) == ((c, d): complex) : bool = T.(a == c && b == d)

  def neg ((a, b): complex) : complex = (T.neg a, T.neg b)
  def conj ((a, b): complex) : complex = (a, T.neg b)
  def scale (s: real) ((a, b): complex) : complex = T.((s * a, s * b))
  def mag ((a, b): complex) : real = T.(sqrt (a * a + b * b))
  def arg ((a, b): complex) : real = T.atan2 b a
  def from_polar (r: real) (theta: real) : complex =
    T.((r * cos theta, r * sin theta))
  def exp ((a, b): complex) : complex = from_polar (T.exp a) b
  def log (z: complex) : complex = (T.log (mag z), arg z)
  def sqrt (z: complex) : complex =
    from_polar (T.sqrt (mag z)) (arg z T./ T.i32 2)
  def (z: complex) ** (w: complex) : complex =
    if z == zero then zero else exp (w * log z)
  def sum [n] (zs: [n]complex) : complex = reduce (+) zero zs
}
