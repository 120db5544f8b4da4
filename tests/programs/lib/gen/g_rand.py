from core import *

RND = 'import "lib/github.com/fcclang/random/random"'
M32 = 0xffffffff
M64 = (1 << 64) - 1

def mix32(x):
    x = ((x ^ (x >> 16)) * 0x7feb352d) & M32
    x = ((x ^ (x >> 15)) * 0x846ca68b) & M32
    return x ^ (x >> 16)

def seed32(seed):
    s = 0x9e3779b9
    for x in seed:
        s = mix32(s ^ (x & M32))
    return s

def split32(n, r):
    return [mix32(r ^ mix32((i + 1) & M32)) for i in range(n)]

def xor_all(rs):
    a = 0
    for r in rs:
        a ^= r
    return a

class LCG:
    name, lo, hi = 'lcg32', 0, M32
    def seed(seed): return seed32(seed)
    def split(n, r): return split32(n, r)
    def join(rs): return mix32(xor_all(rs))
    def rand(r):
        r = (r * 1664525 + 1013904223) & M32
        return r, r

def nz32(x): return 0x2545f491 if x == 0 else x
class XS32:
    name, lo, hi = 'xorshift32', 1, M32
    def seed(seed): return nz32(seed32(seed))
    def split(n, r): return [nz32(x) for x in split32(n, r)]
    def join(rs): return nz32(mix32(xor_all(rs)))
    def rand(x):
        x ^= (x << 13) & M32
        x ^= x >> 17
        x ^= (x << 5) & M32
        return x, x

def nz64(x): return 0x9e3779b97f4a7c15 if x == 0 else x
def widen(x): return ((x << 32) | mix32(x ^ 0x5bd1e995)) & M64
class XS64:
    name, lo, hi = 'xorshift64star', 0, M32
    def seed(seed): return nz64(widen(seed32(seed)))
    def split(n, r): return [nz64(r ^ widen(s)) for s in split32(n, ((r >> 32) ^ r) & M32)]
    def join(rs): return nz64(xor_all(rs))
    def rand(x):
        x ^= x >> 12
        x ^= (x << 25) & M64
        x ^= x >> 27
        return x, ((x * 0x2545f4914f6cdd1d) & M64) >> 32

def draws(E, r, n, f=lambda r: None):
    out = []
    for _ in range(n):
        r, x = E.rand(r)
        out.append(x)
    return r, out

def seq_src(engine):
    return RND + '''

module engine = %s

def main (seed: []i32) (n: i64) : [n]u32 =
  let (_, xs) =
    loop (r, xs) = (engine.rng_from_seed seed, replicate n 0) for i < n do
      let (r, x) = engine.rand r
      in (r, xs with [i] = x)
  in xs
''' % engine

SEEDS = [([0], 1), ([1], 5), ([-7, 123456], 8), ([], 3), ([2147483647, -2147483648, 0], 6)]
for E, doc in [(LCG, 'the linear congruential engine lcg32'), (XS32, 'the xorshift32 engine'), (XS64, 'the xorshift64* engine (64 bits of state, 32-bit results)')]:
    prog('lib_rand_' + E.name, '''
The first n numbers of %s from states made from
seeds of any length (none included), drawn in a sequential loop.''' % doc, seq_src(E.name),
         [([val(s, '[]i32'), val(n, 'i64')], [val(draws(E, E.seed(s), n)[1], '[]u32')]) for s, n in SEEDS])

def split_case(E, seed, n):
    rs = E.split(n, E.seed(seed))
    firsts = [E.rand(r)[1] for r in rs]
    j = E.rand(E.join(rs))[1]
    return ([val(seed, '[]i32'), val(n, 'i64')], [val(firsts, '[]u32'), val(j, 'u32')])
prog('lib_rand_split_join', '''
split_rng gives every element of a parallel map its own state; join_rng
makes one state of many again.  For each of the three engines: the first
number of every split state, and the first number of the joined state.''', RND + '''

module type engine32 = rng_engine with int.t = u32

module splitter (E: engine32) = {
  def run (seed: []i32) (n: i64) : ([n]u32, u32) =
    let rs = E.split_rng n (E.rng_from_seed seed)
    let firsts = map (\\r -> (E.rand r).1) rs
    in (firsts, (E.rand (E.join_rng rs)).1)
}

module split_lcg = splitter lcg32
module split_xs32 = splitter xorshift32
module split_xs64 = splitter xorshift64star

entry lcg (seed: []i32) (n: i64) : ([n]u32, u32) = split_lcg.run seed n
entry xs32 (seed: []i32) (n: i64) : ([n]u32, u32) = split_xs32.run seed n
entry xs64 (seed: []i32) (n: i64) : ([n]u32, u32) = split_xs64.run seed n
''', {name: [split_case(E, s, n) for s, n in [([1], 1), ([42], 4), ([3, 4], 7), ([9], 2)]] for name, E in [('lcg', LCG), ('xs32', XS32), ('xs64', XS64)]})

def uniform(E, x, lo, hi, flt=float):
    span = E.hi - E.lo + 1
    u = flt(flt(x - E.lo) / flt(span))
    return flt(lo + flt(u * flt(hi - lo)))

def dist_seq(E, seed, n, sample):
    r = E.seed(seed)
    out = []
    for _ in range(n):
        r, v = sample(r)
        out.append(v)
    return out

def uni_sampler(E, lo, hi, flt=float):
    def s(r):
        r, x = E.rand(r)
        return r, uniform(E, x, lo, hi, flt)
    return s

UNI_SRC = RND + '''

module dist = uniform_real_distribution %s %s

def main (seed: i32) (n: i64) (lo: %s) (hi: %s) : [n]%s =
  let (_, xs) =
    loop (r, xs) = (%s.rng_from_seed [seed], replicate n lo) for i < n do
      let (r, x) = dist.rand (lo, hi) r
      in (r, xs with [i] = x)
  in xs
'''
prog('lib_rand_uniform_f64', '''
uniform_real_distribution over f64 with the lcg32 engine: numbers in
[lo, hi).''', UNI_SRC % ('f64', 'lcg32', 'f64', 'f64', 'f64', 'lcg32'),
     [([val(s, 'i32'), val(n, 'i64'), val(lo, 'f64'), val(hi, 'f64')],
       [val(dist_seq(LCG, [s], n, uni_sampler(LCG, lo, hi)), '[]f64')])
      for s, n, lo, hi in [(1, 0, 0.0, 1.0), (1, 4, 0.0, 1.0), (77, 6, -5.0, 5.0), (-3, 3, 10.0, 10.5)]])

prog('lib_rand_uniform_f32', '''
uniform_real_distribution over f32 with the xorshift32 engine.''', UNI_SRC % ('f32', 'xorshift32', 'f32', 'f32', 'f32', 'xorshift32'),
     [([val(s, 'i32'), val(n, 'i64'), val(lo, 'f32'), val(hi, 'f32')],
       [val(dist_seq(XS32, [s], n, uni_sampler(XS32, lo, hi, f32)), '[]f32')])
      for s, n, lo, hi in [(5, 1, 0.0, 1.0), (5, 5, 0.0, 1.0), (1234, 7, -2.0, 2.0)]])

def normal_sampler(E, mean, sd):
    span = E.hi - E.lo + 1
    def s(r):
        r, a = E.rand(r)
        r, b = E.rand(r)
        u1 = (a - E.lo + 1) / span
        u2 = (b - E.lo + 1) / span
        return r, mean + sd * math.sqrt(-2 * math.log(u1)) * math.cos(2 * math.pi * u2)
    return s
prog('lib_rand_normal', '''
normal_distribution over f64 with the xorshift64* engine (Box-Muller):
samples with a given mean and standard deviation, the distribution's
parameters passed as a record.''', RND + '''

module normal = normal_distribution f64 xorshift64star

def main (seed: i32) (n: i64) (mean: f64) (stddev: f64) : [n]f64 =
  let (_, xs) =
    loop (r, xs) = (xorshift64star.rng_from_seed [seed], replicate n 0) for i < n do
      let (r, x) = normal.rand {mean, stddev} r
      in (r, xs with [i] = x)
  in xs
''', [([val(s, 'i32'), val(n, 'i64'), val(m, 'f64'), val(sd, 'f64')],
       [val(dist_seq(XS64, [s], n, normal_sampler(XS64, m, sd)), '[]f64')])
      for s, n, m, sd in [(1, 0, 0.0, 1.0), (1, 5, 0.0, 1.0), (99, 6, 10.0, 0.5), (-8, 3, -1.0, 3.0)]])

def dice(seed, n):
    rs = XS32.split(n, XS32.seed([seed]))
    counts = [0] * 6
    for r in rs:
        _, x = XS32.rand(r)
        counts[(x - XS32.lo) % 6] += 1
    return counts
prog('lib_rand_dice', '''
uniform_int_distribution over i32 with xorshift32: n dice thrown in
parallel, one split state each, and the count of every face.''', RND + '''

module die = uniform_int_distribution i32 xorshift32

def main (seed: i32) (n: i64) : [6]i32 =
  let rs = xorshift32.split_rng n (xorshift32.rng_from_seed [seed])
  let faces = map (\\r -> (die.rand (1, 6) r).1) rs
  in hist (+) 0 6 (map (\\f -> i64.i32 (f - 1)) faces) (replicate n 1)
''', [([val(s, 'i32'), val(n, 'i64')], [val(dice(s, n), '[]i32')]) for s, n in [(1, 0), (1, 1), (7, 60), (2024, 1000)]])

def pi_count(seed, n):
    rs = LCG.split(n, LCG.seed([seed]))
    c = 0
    for r in rs:
        r, a = LCG.rand(r)
        r, b = LCG.rand(r)
        x = uniform(LCG, a, 0.0, 1.0)
        y = uniform(LCG, b, 0.0, 1.0)
        d = x * x + y * y
        assert abs(d - 1) > 1e-9, 'borderline sample'
        c += d <= 1
    return c
prog('lib_rand_monte_carlo_pi', '''
Monte Carlo estimate of pi: n points in the unit square, each drawn with
its own split lcg32 state through the uniform f64 distribution; the
number of points inside the quarter circle.''', RND + '''

module uniform = uniform_real_distribution f64 lcg32

def main (seed: i32) (n: i64) : i64 =
  let rs = lcg32.split_rng n (lcg32.rng_from_seed [seed])
  let inside r =
    let (r, x) = uniform.rand (0, 1) r
    let (_, y) = uniform.rand (0, 1) r
    in if x * x + y * y <= 1 then 1 else 0
  in i64.sum (map inside rs)
''', [([val(s, 'i32'), val(n, 'i64')], [val(pi_count(s, n), 'i64')]) for s, n in [(1, 0), (1, 1), (3, 100), (11, 2000)]])

prog('mod_partial_functor', '''
Partial application of a functor of two parameters: the uniform
distribution over f64 is made once and then applied to two engines.''', RND + '''

module uniform_f64 = uniform_real_distribution f64
module from_lcg = uniform_f64 lcg32
module from_xorshift = uniform_f64 xorshift32

def main (seed: i32) : (f64, f64, f64, f64) =
  let (r, a) = from_lcg.rand (0, 1) (lcg32.rng_from_seed [seed])
  let (_, b) = from_lcg.rand (-1, 1) r
  let (s, c) = from_xorshift.rand (0, 1) (xorshift32.rng_from_seed [seed])
  let (_, d) = from_xorshift.rand (100, 200) s
  in (a, b, c, d)
''', [([val(s, 'i32')], [val(v, 'f64') for v in
       dist_seq(LCG, [s], 1, uni_sampler(LCG, 0.0, 1.0)) +
       [dist_seq(LCG, [s], 2, uni_sampler(LCG, -1.0, 1.0))[1]] +
       dist_seq(XS32, [s], 1, uni_sampler(XS32, 0.0, 1.0)) +
       [dist_seq(XS32, [s], 2, uni_sampler(XS32, 100.0, 200.0))[1]]]) for s in [0, 1, -99]])
