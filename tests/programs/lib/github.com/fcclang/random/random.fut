-- | Random numbers.  An engine turns a state into a new state and a
-- uniformly distributed integer; a distribution turns an engine's
-- integers into numbers of the wanted type and shape.  States are
-- values: a parallel program splits one state into as many as it needs.

-- | A random number engine.
module type rng_engine = {
  -- | The integers the engine produces.
  module int: integral
  -- | The engine's state.
  type rng
  -- | A state made from any number of seed values.
  val rng_from_seed [n]: [n]i32 -> rng
  -- | Independent states made from one.
  val split_rng: (n: i64) -> rng -> [n]rng
  -- | One state made from many.
  val join_rng [n]: [n]rng -> rng
  -- | The next state and a number in [min, max].
  val rand: rng -> (rng, int.t)
  val min: int.t
  val max: int.t
}

-- | A distribution of numbers drawn with an engine.
module type rng_distribution = {
  module engine: rng_engine
  module num: numeric
  -- | The parameters of the distribution.
  type distribution
  val rand: distribution -> engine.rng -> (engine.rng, num.t)
}

-- A bijective mixing of 32 bits, so that nearby seeds give unrelated
-- states.
local def mix32 (x: u32) : u32 =
  let x = (x ^ (x >> 16)) * 0x7feb352d
  let x = (x ^ (x >> 15)) * 0x846ca68b
  in x ^ (x >> 16)

local def seed32 [n] (seed: [n]i32) : u32 =
  loop s = 0x9e3779b9u32 for x in seed do mix32 (s ^ u32.i32 x)

local def split32 (n: i64) (r: u32) : [n]u32 =
  map (\i -> mix32 (r ^ mix32 (u32.i64 i + 1))) (iota n)

-- | A linear congruential engine on 32 bits (the constants of
-- Numerical Recipes).
module lcg32 : rng_engine with int.t = u32 with rng = u32 = {
  module int = u32
  type rng = u32
  def rng_from_seed [n] (seed: [n]i32) : rng = seed32 seed
  def split_rng (n: i64) (r: rng) : [n]rng = split32 n r
  def join_rng [n] (rs: [n]rng) : rng = mix32 (reduce (^) 0 rs)
  def rand (r: rng) : (rng, u32) =
    let r' = r * 1664525 + 1013904223
    in (r', r')
  def min : u32 = 0
  def max : u32 = u32.highest
}

-- | Marsaglia's xorshift engine on 32 bits.  Its state is never zero.
module xorshift32 : rng_engine with int.t = u32 = {
  module int = u32
  type rng = u32
  local def nonzero (x: u32) : u32 = if x == 0 then 0x2545f491 else x
  def rng_from_seed [n] (seed: [n]i32) : rng = nonzero (seed32 seed)
  def split_rng (n: i64) (r: rng) : [n]rng = map nonzero (split32 n r)
  def join_rng [n] (rs: [n]rng) : rng = nonzero (mix32 (reduce (^) 0 rs))
  def rand (x: rng) : (rng, u32) =
    let x = x ^ (x << 13)
    let x = x ^ (x >> 17)
    let x = x ^ (x << 5)
    in (x, x)
  def min : u32 = 1
  def max : u32 = u32.highest
}

-- | The xorshift64* engine: 64 bits of state, of which each step gives
-- the high 32 bits of a multiplied copy.
module xorshift64star : rng_engine with int.t = u32 = {
  module int = u32
  type rng = u64
  local def nonzero (x: u64) : u64 = if x == 0 then 0x9e3779b97f4a7c15 else x
  local def widen (x: u32) : u64 = (u64.u32 x << 32) | u64.u32 (mix32 (x ^ 0x5bd1e995))
  def rng_from_seed [n] (seed: [n]i32) : rng = nonzero (widen (seed32 seed))
  def split_rng (n: i64) (r: rng) : [n]rng =
    map (\s -> nonzero (r ^ widen s)) (split32 n (u32.u64 (r >> 32) ^ u32.u64 r))
  def join_rng [n] (rs: [n]rng) : rng = nonzero (reduce (^) 0 rs)
  def rand (x: rng) : (rng, u32) =
    let x = x ^ (x >> 12)
    let x = x ^ (x << 25)
    let x = x ^ (x >> 27)
    in (x, u32.u64 ((x * 0x2545f4914f6cdd1d) >> 32))
  def min : u32 = 0
  def max : u32 = u32.highest
}

-- | Uniformly distributed reals in [lo, hi).
module uniform_real_distribution (R: real) (E: rng_engine)
  : rng_distribution with num.t = R.t
                     with engine.rng = E.rng
                     with distribution = (R.t, R.t) = {
  module engine = E
  module num = R
  type distribution = (R.t, R.t)
  def rand ((lo, hi): distribution) (r: E.rng) : (E.rng, R.t) =
    let (r, x) = E.rand r
    let span = E.int.to_i64 E.max - E.int.to_i64 E.min + 1
    let u = R.i64 (E.int.to_i64 x - E.int.to_i64 E.min) R./ R.i64 span
    in (r, R.(lo + u * (hi - lo)))
}

-- | Normally distributed reals, by the Box-Muller transform.
module normal_distribution (R: real) (E: rng_engine)
  : rng_distribution with num.t = R.t
                     with engine.rng = E.rng
                     with distribution = {mean: R.t, stddev: R.t} = {
  module engine = E
  module num = R
  type distribution = {mean: R.t, stddev: R.t}
  -- A number in (0, 1]: the logarithm below must not see zero.
  local def unit (x: E.int.t) : R.t =
    let span = E.int.to_i64 E.max - E.int.to_i64 E.min + 1
    in R.i64 (E.int.to_i64 x - E.int.to_i64 E.min + 1) R./ R.i64 span
  def rand ({mean, stddev}: distribution) (r: E.rng) : (E.rng, R.t) =
    let (r, a) = E.rand r
    let (r, b) = E.rand r
    let u1 = unit a
    let u2 = unit b
    in (r, R.(mean + stddev * sqrt (i32 (-2) * log u1) * cos (i32 2 * pi * u2)))
}

-- | Uniformly distributed integers in [lo, hi], both included.
module uniform_int_distribution (I: integral) (E: rng_engine)
  : rng_distribution with num.t = I.t
                     with engine.rng = E.rng
                     with distribution = (I.t, I.t) = {
  module engine = E
  module num = I
  type distribution = (I.t, I.t)
  def rand ((lo, hi): distribution) (r: E.rng) : (E.rng, I.t) =
    let (r, x) = E.rand r
    let range = I.to_i64 hi - I.to_i64 lo + 1
    let k = (E.int.to_i64 x - E.int.to_i64 E.min) % range
    in (r, I.(lo + i64 k))
}
