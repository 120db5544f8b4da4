from core import *
import g_rand
from g_seg import segments

RADIX = 'import "lib/github.com/fcclang/sorts/radix_sort"'
MERGE = 'import "lib/github.com/fcclang/sorts/merge_sort"'
SORT = 'import "lib/github.com/fcclang/sorts/sort"'
SEG = 'import "lib/github.com/fcclang/segmented/segmented"'
LIN = 'import "lib/github.com/fcclang/linalg/linalg"'
RND = 'import "lib/github.com/fcclang/random/random"'

INTS = {'i8': (8, True), 'i16': (16, True), 'i32': (32, True), 'i64': (64, True),
        'u8': (8, False), 'u16': (16, False), 'u32': (32, False), 'u64': (64, False)}
def wrap(x, t):
    bits, signed = INTS[t]
    x &= (1 << bits) - 1
    if signed and x >= 1 << (bits - 1):
        x -= 1 << bits
    return x

# 1. A user functor over numeric, applied to every numeric module.
src = '''-- Statistics written once for any numeric module.
module stats (N: numeric) = {
  def sum_sq [n] (xs: [n]N.t) : N.t = N.sum (map (\\x -> x N.* x) xs)
  def spread [n] (xs: [n]N.t) : N.t = N.(maximum xs - minimum xs)
  def clamp (lo: N.t) (hi: N.t) (x: N.t) : N.t = N.max lo (N.min hi x)
}
'''
blocks = {}
data = {'i8': [3, -7, 12, 100], 'i16': [300, -2, 1000], 'i32': [70000, -5, 3], 'i64': [5000000000, -1, 2],
        'u8': [200, 3, 17], 'u16': [60000, 2, 400], 'u32': [4000000000, 7, 65536], 'u64': [10000000000, 3, 1],
        'f32': [1.5, -2.25, 4.0], 'f64': [0.1, -3.5, 2.0, 8.25]}
for t, xs in data.items():
    src += '''
module stats_%s = stats %s
entry %s_stats (xs: []%s) : (%s, %s, []%s) =
  (stats_%s.sum_sq xs, stats_%s.spread xs, map (stats_%s.clamp (%s.i32 0) (%s.i32 10)) xs)
''' % (t, t, t, t, t, t, t, t, t, t, t, t)
    def cases(xs):
        if t.startswith('f'):
            ss = sum(x * x for x in xs); sp = max(xs) - min(xs)
            cl = [max(0, min(10, x)) for x in xs]
            if t == 'f32':
                ss = f32(ss)
        else:
            ss = wrap(sum(x * x for x in xs), t); sp = wrap(max(xs) - min(xs), t)
            cl = [max(0, min(10, x)) for x in xs]
        return ([val(xs, '[]' + t)], [val(ss, t), val(sp, t), val(cl, '[]' + t)])
    blocks[t + '_stats'] = [cases(xs), cases(xs[:1])]
prog('mod_numeric_functor', '''
One functor over the prelude's module type numeric applied to all ten
numeric modules (i8 ... u64, f32, f64): sums of squares (wrapping for
integers), spreads through a local open N.(...), and clamping.''', src, blocks)

# 2. A user functor over integral.
def popc(x, t):
    return bin(x & ((1 << INTS[t][0]) - 1)).count('1')
def gcd(a, b):
    return math.gcd(a, b)
src = '''-- Bit tricks and number theory written once for any integral module.
module bits (I: integral) = {
  -- Counted one bit at a time, to compare with the module's popc.
  def popcount (x: I.t) : i32 = loop c = 0 for b < I.num_bits do c + I.get_bit b x
  def lowest_set (x: I.t) : I.t = I.(x & neg x)
  def gcd (a: I.t) (b: I.t) : I.t =
    let (g, _) = loop (a, b) = (I.abs a, I.abs b) while b I.!= I.i32 0 do (b, a I.%% b)
    in g
}
'''
blocks = {}
idata = {'i16': [(12, 18), (-48, 36), (7, 0), (-1, -1)], 'u32': [(4000000000, 12), (17, 5), (0, 9)],
         'i64': [(1 << 40, 6 << 20), (-15, 25)], 'u8': [(255, 85), (128, 96), (1, 1)]}
for t, ps in idata.items():
    src += '''
module bits_%s = bits %s
entry %s_bits (a: %s) (b: %s) : (i32, i32, %s, %s) =
  (bits_%s.popcount a, %s.popc a, bits_%s.lowest_set a, bits_%s.gcd a b)
''' % (t, t, t, t, t, t, t, t, t, t, t)
    blocks[t + '_bits'] = [([val(a, t), val(b, t)], [val(popc(a, t), 'i32'), val(popc(a, t), 'i32'),
                            val(wrap(a & -a, t), t), val(gcd(abs(a), abs(b)), t)]) for a, b in ps]
prog('mod_integral_functor', '''
A functor over integral applied to i16, u32, i64 and u8: a population
count from num_bits and get_bit (checked against popc), the lowest set
bit through I.(x & neg x), and gcd with the module's %% operator.''', src, blocks)

# 3. A user functor over real.
def trap(f, a, b, n, fl=float):
    h = (b - a) / n
    ys = [f(a + i * h) for i in range(n + 1)]
    return h * (sum(ys) - (ys[0] + ys[-1]) / 2)
src = '''-- Numerical integration written once for any real module.
module integrate (R: real) = {
  -- The trapezoid rule with n intervals.
  def trapezoid (f: R.t -> R.t) (a: R.t) (b: R.t) (n: i64) : R.t =
    let h = R.((b - a) / i64 n)
    let ys = map (\\i -> f R.(a + i64 i * h)) (iota (n + 1))
    in R.(h * (sum ys - (head ys + last ys) / i32 2))
}

module int32 = integrate f32
module int64 = integrate f64

entry square32 (a: f32) (b: f32) (n: i64) : f32 = int32.trapezoid (\\x -> x * x) a b n
entry sin64 (a: f64) (b: f64) (n: i64) : f64 = int64.trapezoid f64.sin a b n
entry exp64 (a: f64) (b: f64) (n: i64) : f64 = int64.trapezoid (\\x -> f64.exp (-x * x)) a b n
'''
blocks = {'square32': [([val(a, 'f32'), val(b, 'f32'), val(n, 'i64')], [val(trap(lambda x: x * x, a, b, n), 'f32')]) for a, b, n in [(0.0, 1.0, 1), (0.0, 1.0, 4), (-1.0, 2.0, 30)]],
          'sin64': [([val(a, 'f64'), val(b, 'f64'), val(n, 'i64')], [val(trap(math.sin, a, b, n), 'f64')]) for a, b, n in [(0.0, math.pi, 1), (0.0, math.pi, 7), (0.0, 1.0, 100)]],
          'exp64': [([val(a, 'f64'), val(b, 'f64'), val(n, 'i64')], [val(trap(lambda x: math.exp(-x * x), a, b, n), 'f64')]) for a, b, n in [(-2.0, 2.0, 5), (0.0, 3.0, 64)]]}
prog('mod_real_functor', '''
A functor over real applied to f32 and f64: the trapezoid rule, with the
module's conversions (i64, i32) and prelude functions (sum, head, last)
mixed inside local opens R.(...).''', src, blocks)

# 4. open, local open, local def.
prog('mod_open_local', '''
open re-exports what it opens; local open and local definitions are seen
inside a module but not exported; a top-level local open as well.''', '''
module base = {
  def twice (x: i32) : i32 = x * 2
  def thrice (x: i32) : i32 = x * 3
}

module extended = {
  open base
  local def helper (x: i32) : i32 = x + 100
  def twice_plus (x: i32) : i32 = helper (twice x)
}

module hidden = {
  local open base
  def six_times (x: i32) : i32 = twice (thrice x)
}

local open extended

def main (x: i32) : (i32, i32, i32, i32, i32) =
  (extended.twice x, extended.thrice x, twice_plus x, hidden.six_times x, thrice (twice x))
''', [([val(x, 'i32')], [val(v, 'i32') for v in (2 * x, 3 * x, 2 * x + 100, 6 * x, 6 * x)]) for x in [0, 1, -7, 1000]])

# 5. include in a module type, open of a functor application.
def ranked_case(xs):
    s = sorted(xs)
    return ([val(xs, '[]i32'), val(2, 'i64')], [val(s, '[]i32'), val(s[len(s) // 2], 'i32'), val(s[2], 'i32')])
prog('mod_include_spec', '''
A module type that includes the library's sort and adds order
statistics; a functor implements it by opening an application of the
radix sort functor and adding definitions.''', SORT + '\n' + RADIX + '''

module type ranked = {
  include sort
  -- | The upper median.
  val median [n]: [n]t -> t
  -- | The k'th smallest (from 0).
  val kth [n]: [n]t -> i64 -> t
}

module mk_ranked (I: integral) : ranked with t = I.t = {
  open (mk_radix_sort I)
  def kth [n] (xs: [n]t) (k: i64) : t = (sort xs)[k]
  def median [n] (xs: [n]t) : t = kth xs (n / 2)
}

module r32 = mk_ranked i32

def main (xs: []i32) (k: i64) : ([]i32, i32, i32) = (r32.sort xs, r32.median xs, r32.kth xs k)
''', [ranked_case(xs) for xs in [[3, 1, 2], [9, -4, 7, 7, 0, 12], [(i * 31) % 17 - 8 for i in range(15)]]])

# 6. Monoids: with refinement, abstract types, a functor of two parameters.
def mono_case(xs, ys):
    pre, acc = [], 0
    for x in xs:
        acc += x; pre.append(acc)
    return ([val(xs, '[]i32'), val(ys, '[]f64')],
            [val(sum(xs), 'i32'), val(max(ys) if ys else -math.inf, 'f64') if ys else 'f64.lowest',
             val(pre, '[]i32'), val(sum(xs), 'i32'), val(max(ys), 'f64') if ys else '-'])
prog('mod_monoid_with', '''
Monoids as modules: two base monoids ascribed with `with t = ...`, a
functor of two parameters building their product, and a functor giving
reductions and scans over any monoid, applied to all three.''', '''
module type monoid = {
  type t
  val ne: t
  val op: t -> t -> t
}

module sum_i32 : monoid with t = i32 = {
  type t = i32
  def ne : t = 0
  def op (x: t) (y: t) : t = x + y
}

module max_f64 : monoid with t = f64 = {
  type t = f64
  def ne : t = f64.lowest
  def op (x: t) (y: t) : t = f64.max x y
}

module product (A: monoid) (B: monoid) : monoid with t = (A.t, B.t) = {
  type t = (A.t, B.t)
  def ne : t = (A.ne, B.ne)
  def op ((a, b): t) ((c, d): t) : t = (A.op a c, B.op b d)
}

module folds (M: monoid) = {
  def fold [n] (xs: [n]M.t) : M.t = reduce M.op M.ne xs
  def prefix [n] (xs: [n]M.t) : [n]M.t = scan M.op M.ne xs
}

module both = product sum_i32 max_f64
module fold_sum = folds sum_i32
module fold_both = folds both

def main [n] (xs: [n]i32) (ys: [n]f64) : (i32, [n]i32, i32, f64) =
  let (s, m) = fold_both.fold (zip xs ys)
  in (fold_sum.fold xs, fold_sum.prefix xs, s, m)
''', [([val(xs, '[]i32'), val(ys, '[]f64')],
       [val(sum(xs), 'i32'), val(list(__import__('itertools').accumulate(xs)), '[]i32'), val(sum(xs), 'i32'), val(max(ys), 'f64')])
      for xs, ys in [([5], [2.5]), ([1, 2, 3], [0.5, -1.0, 0.25]), (list(range(-3, 9)), [math.cos(i) for i in range(12)])]])

# 7. Abstract types hide representations.
prog('mod_abstract_counter', '''
A module ascribed to a module type with an abstract type: the counter's
representation (an i64 of twice the count, to make the point) is
hidden, and values of the abstract type flow through loops and arrays.''', '''
module type counter = {
  type t
  val zero: t
  val incr: t -> t
  val add: t -> t -> t
  val get: t -> i64
}

module counter : counter = {
  type t = i64
  def zero : t = 0
  def incr (c: t) : t = c + 2
  def add (a: t) (b: t) : t = a + b
  def get (c: t) : i64 = c / 2
}

def main (n: i64) (m: i64) : (i64, i64, [m]i64) =
  let c = loop c = counter.zero for _i < n do counter.incr c
  let cs : [m]counter.t = map (\\k -> loop c = counter.zero for _i < k do counter.incr c) (iota m)
  let total = reduce counter.add counter.zero cs
  in (counter.get c, counter.get total, map counter.get cs)
''', [([val(n, 'i64'), val(m, 'i64')], [val(n, 'i64'), val(m * (m - 1) // 2, 'i64'), val(list(range(m)), '[]i64')]) for n, m in [(0, 0), (3, 1), (10, 5)]])

# 8. Higher-order functors and functor lambdas.
def hof_case(a, b):
    return ([val(a, '[]i32'), val(b, '[]i64')], [val(sorted(a), '[]i32'), val(sorted(b), '[]i64'), val(sorted(a), '[]i32'), val(sorted(b), '[]i64')])
prog('mod_higher_order_functor', '''
A higher-order functor: its parameter is itself a functor from integral
modules to sorts.  It is applied to the library's radix sort functor and
to a functor lambda wrapping the merge sort functor.''', SORT + '\n' + RADIX + '\n' + MERGE + '''

module sort_twice (F: (I: integral) -> sort with t = I.t) = {
  module s32 = F i32
  module s64 = F i64
  def run [n][m] (xs: [n]i32) (ys: [m]i64) : ([n]i32, [m]i64) = (s32.sort xs, s64.sort ys)
}

module by_radix = sort_twice mk_radix_sort
module by_merge = sort_twice (\\(I: integral) -> mk_merge_sort I)

def main [n][m] (xs: [n]i32) (ys: [m]i64) : ([n]i32, [m]i64, [n]i32, [m]i64) =
  let (a, b) = by_radix.run xs ys
  let (c, d) = by_merge.run xs ys
  in (a, b, c, d)
''', [hof_case(a, b) for a, b in [([], [1]), ([3, -1, 2], []), ([5, 5, -9, 0, 8], [10, -(1 << 40), 3, 3, 0, 7])]])

# 9. Nested modules.
def area(ps):
    n = len(ps)
    return abs(sum(ps[i][0] * ps[(i + 1) % n][1] - ps[(i + 1) % n][0] * ps[i][1] for i in range(n))) / 2 if n else 0.0
def perim(ps):
    n = len(ps)
    return sum(math.hypot(ps[(i + 1) % n][0] - ps[i][0], ps[(i + 1) % n][1] - ps[i][1]) for i in range(n))
prog('mod_nested', '''
Modules inside modules: a geometry module holding a vector module and a
polygon module that uses its sibling, reached from outside by qualified
names two levels deep, and a nested module in a module type.''', '''
module type vector = {
  type t
  val mk: f64 -> f64 -> t
  val sub: t -> t -> t
  val cross: t -> t -> f64
  val norm: t -> f64
}

module type geometry = {
  module vec: vector
  val area [n]: [n]vec.t -> f64
  val perimeter [n]: [n]vec.t -> f64
}

module geometry : geometry = {
  module vec = {
    type t = {x: f64, y: f64}
    def mk (x: f64) (y: f64) : t = {x, y}
    def sub (a: t) (b: t) : t = {x = a.x - b.x, y = a.y - b.y}
    def cross (a: t) (b: t) : f64 = a.x * b.y - a.y * b.x
    def norm (a: t) : f64 = f64.sqrt (a.x * a.x + a.y * a.y)
  }
  local def next [n] 'a (ps: [n]a) : [n]a = rotate 1 ps
  def area [n] (ps: [n]vec.t) : f64 = f64.abs (f64.sum (map2 vec.cross ps (next ps))) / 2
  def perimeter [n] (ps: [n]vec.t) : f64 = f64.sum (map2 (\\a b -> vec.norm (vec.sub b a)) ps (next ps))
}

def main [n] (xs: [n]f64) (ys: [n]f64) : (f64, f64) =
  let ps = map2 geometry.vec.mk xs ys
  in (geometry.area ps, geometry.perimeter ps)
''', [([val([p[0] for p in ps], '[]f64'), val([p[1] for p in ps], '[]f64')], [val(area(ps), 'f64'), val(perim(ps), 'f64')])
      for ps in [[], [(1.0, 1.0)], [(0.0, 0.0), (4.0, 0.0), (4.0, 3.0)], [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0), (0.0, 2.0)],
                 [(math.cos(2 * math.pi * k / 7), math.sin(2 * math.pi * k / 7)) for k in range(7)]]])

# 10. Imports as modules.
prog('mod_import_as_module', '''
Library files imported as modules (module m = import "..."), functors
reached through them, and open import, which also re-exports.''', '''module radix = import "lib/github.com/fcclang/sorts/radix_sort"
module merge = import "lib/github.com/fcclang/sorts/merge_sort"
open import "lib/github.com/fcclang/segmented/segmented"

module sort_u16 = radix.mk_radix_sort u16

def main [n] (xs: [n]u16) : ([n]u16, [n]u16, [n]i64) =
  let a = sort_u16.sort xs
  let b = merge.merge_sort (u16.>=) xs
  let flags = map (\\i -> i == 0 || a[i] != a[i - 1]) (iota n)
  in (a, b, segmented_iota flags)
''', [([val(xs, '[]u16')], [val(sorted(xs), '[]u16'), val(sorted(xs, reverse=True), '[]u16'),
                           val([j for s in segments([i == 0 or sorted(xs)[i] != sorted(xs)[i - 1] for i in range(len(xs))], sorted(xs)) for j in range(len(s))], '[]i64')])
      for xs in [[], [7], [3, 3, 1, 3, 1, 65535], [(i * 7) % 5 for i in range(13)]]])

# 11. Group by key: sorting and segmented reduction together.
def group(keys, vs):
    d = {}
    for k, v in zip(keys, vs):
        d[k] = d.get(k, 0) + v
    ks = sorted(d)
    return ks, [d[k] for k in ks]
prog('mod_group_by', '''
Group-by-key aggregation from two libraries: a functor of this program
sorts the pairs by key with the radix sort, marks where the key changes,
and sums every run with the segmented library's functor.''', RADIX + '\n' + SEG + '''

module group_by (K: integral) (V: numeric) = {
  module sorter = mk_radix_sort K
  module seg = mk_segmented_numeric V
  def sums [n] (keys: [n]K.t) (vals: [n]V.t) : ([]K.t, []V.t) =
    let sorted = sorter.sort_by_key (.0) (zip keys vals)
    let ks = map (.0) sorted
    let flags = map (\\i -> i == 0 || (ks[i] K.!= ks[i - 1])) (iota n)
    let starts = map (.1) (filter (.0) (zip flags ks))
    in (starts, seg.segmented_sum flags (map (.1) sorted))
}

module g = group_by i32 f64

def main [n] (keys: [n]i32) (vals: [n]f64) : ([]i32, []f64) = g.sums keys vals
''', [([val(k, '[]i32'), val(v, '[]f64')], [val(group(k, v)[0], '[]i32'), val(group(k, v)[1], '[]f64')])
      for k, v in [([], []), ([4], [1.5]), ([3, 1, 3, 2, 1, 3], [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]), ([(i * 5) % 4 - 2 for i in range(17)], [i * 0.5 for i in range(17)])]])

# 12. The prelude's modules as real modules.
prog('mod_prelude_modules', '''
The prelude's numeric modules are modules: aliased, ascribed to their
module types (making the type abstract), passed to functors, and opened
locally.''', '''
module I = i32
module A : integral = i64
module F : real with t = f64 = f64

def via_abstract (x: i32) : i64 =
  A.to_i64 (A.(i32 x * i32 x + i32 1))

def main (x: i32) (y: f64) : (i32, i64, f64, f64, bool) =
  (I.(x * 3 - 1), via_abstract x, F.sqrt (F.abs y), f64.(pi * y), I.(x < 0) && F.(y < 0))
''', [([val(x, 'i32'), val(y, 'f64')], [val(x * 3 - 1, 'i32'), val(x * x + 1, 'i64'), val(math.sqrt(abs(y)), 'f64'), val(math.pi * y, 'f64'), val(x < 0 and y < 0, 'bool')])
      for x, y in [(0, 0.0), (5, 2.25), (-4, -9.0), (-1, 16.0)]])

# 13. A functor that instantiates library functors: power iteration.
def power_iter(a, iters):
    n = len(a)
    v = [1.0] * n
    lam = 0.0
    for _ in range(iters):
        w = [sum(a[i][j] * v[j] for j in range(n)) for i in range(n)]
        nrm = math.sqrt(sum(x * x for x in w))
        v = [x / nrm for x in w]
    av = [sum(a[i][j] * v[j] for j in range(n)) for i in range(n)]
    return sum(x * y for x, y in zip(v, av))
src = LIN + '''

-- The dominant eigenvalue of a matrix by power iteration, written once
-- for any real module by instantiating the library's functor inside.
module eigen (R: real) = {
  module la = mk_linalg R
  def dominant [n] (a: [n][n]R.t) (iters: i32) : R.t =
    let v = loop v = replicate n (R.i32 1) for _i < iters do
      let w = la.matvec a v
      let norm = R.sqrt (la.dot w w)
      in map (R./ norm) w
    in la.dot v (la.matvec a v)
}

module e32 = eigen f32
module e64 = eigen f64

entry dominant32 [n] (a: [n][n]f32) (iters: i32) : f32 = e32.dominant a iters
entry dominant64 [n] (a: [n][n]f64) (iters: i32) : f64 = e64.dominant a iters
'''
MS = [[[2.0]], [[2.0, 1.0], [1.0, 3.0]], [[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]]]
def m2(a, t):
    return val(a, '[][]' + t)
prog('mod_functor_power_iteration', '''
A functor that applies the library's mk_linalg to its own parameter, so
one definition of power iteration serves f32 and f64.''', src,
     {'dominant32': [([m2(a, 'f32'), val(30, 'i32')], [val(power_iter(a, 30), 'f32')]) for a in MS],
      'dominant64': [([m2(a, 'f64'), val(it, 'i32')], [val(power_iter(a, it), 'f64')]) for a in MS for it in (1, 50)]})

# 14. Random arrays sorted: engines, distributions and sorts together.
def rand_sorted(seed, n):
    E = g_rand.XS32
    rs = E.split(n, E.seed([seed]))
    xs = []
    for r in rs:
        _, x = E.rand(r)
        xs.append(-1000 + (x - E.lo) % 2001)
    return xs
prog('mod_random_sort', '''
Random arrays from one library sorted by another: integers uniform in
[-1000, 1000] drawn in parallel with split xorshift32 states, sorted by
the radix sort of i32; the sorted array and whether it is ordered.''', RND + '\n' + RADIX + '''

module dist = uniform_int_distribution i32 xorshift32
module sorter = mk_radix_sort i32

def main (seed: i32) (n: i64) : ([n]i32, bool) =
  let rs = xorshift32.split_rng n (xorshift32.rng_from_seed [seed])
  let xs = map (\\r -> (dist.rand (-1000, 1000) r).1) rs
  let s = sorter.sort xs
  in (s, and (map (\\i -> i == 0 || s[i - 1] <= s[i]) (iota n)))
''', [([val(s, 'i32'), val(n, 'i64')], [val(sorted(rand_sorted(s, n)), '[]i32'), 'true']) for s, n in [(1, 0), (1, 1), (17, 10), (5, 33)]])
