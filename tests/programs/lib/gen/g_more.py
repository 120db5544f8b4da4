from core import *
import g_rand
import cmath

RADIX = 'import "lib/github.com/fcclang/sorts/radix_sort"'
MERGE = 'import "lib/github.com/fcclang/sorts/merge_sort"'
SORT = 'import "lib/github.com/fcclang/sorts/sort"'
RND = 'import "lib/github.com/fcclang/random/random"'
CPX = 'import "lib/github.com/fcclang/complex/complex"'

FL = [3.5, -1.25, 2.0, -7.5, 1e30, -1e-30, 100.0, -0.5, 1e-3, -3e8, 0.0]
prog('lib_radix_sort_float', '''
mk_radix_sort_float, a functor over the prelude's module type float,
applied to f32 and f64: negative numbers (whose bits order backwards),
tiny and huge magnitudes.''', RADIX + '''

module sort_f32 = mk_radix_sort_float f32
module sort_f64 = mk_radix_sort_float f64

entry sort32 (xs: []f32) : []f32 = sort_f32.sort xs
entry sort64 (xs: []f64) : []f64 = sort_f64.sort xs
''', {'sort32': [([val(xs, '[]f32')], [val(sorted(xs), '[]f32')]) for xs in [[], [2.5], [f32(x) for x in FL if abs(x) < 1e38], [f32(math.sin(i * 1.7) * 10 ** (i % 5)) for i in range(15)]]],
      'sort64': [([val(xs, '[]f64')], [val(sorted(xs), '[]f64')]) for xs in [[], [-2.5], FL, [math.cos(i * 0.3) * 10 ** (i % 7 - 3) for i in range(21)]]]})

prog('mod_parametric_type', '''
A module type with a parametric abstract type (type pair 'a), two
modules implementing it with different representations (a tuple and a
record), and a functor using only the interface.''', '''
module type pair = {
  type pair 'a
  val mk 'a: a -> a -> pair a
  val first 'a: pair a -> a
  val second 'a: pair a -> a
  val swap 'a: pair a -> pair a
}

module tuple_pair : pair = {
  type pair 'a = (a, a)
  def mk 'a (x: a) (y: a) : pair a = (x, y)
  def first 'a ((x, _): pair a) : a = x
  def second 'a ((_, y): pair a) : a = y
  def swap 'a ((x, y): pair a) : pair a = (y, x)
}

module record_pair : pair = {
  type pair 'a = {l: a, r: a}
  def mk 'a (x: a) (y: a) : pair a = {l = x, r = y}
  def first 'a (p: pair a) : a = p.l
  def second 'a (p: pair a) : a = p.r
  def swap 'a (p: pair a) : pair a = {l = p.r, r = p.l}
}

module ops (P: pair) = {
  -- Both orders of every pair, as two arrays.
  def ordered [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
    let ps = map2 P.mk xs ys
    let ps = map (\\p -> if P.first p > P.second p then P.swap p else p) ps
    in (map P.first ps, map P.second ps)
  def flip_f64 (x: f64) (y: f64) : f64 = P.first (P.swap (P.mk x y))
}

module t = ops tuple_pair
module r = ops record_pair

def main [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32, [n]i32, [n]i32, f64) =
  let (a, b) = t.ordered xs ys
  let (c, d) = r.ordered xs ys
  in (a, b, c, d, t.flip_f64 1.5 2.5 + r.flip_f64 0.25 0.5)
''', [([val(x, '[]i32'), val(y, '[]i32')], [val([min(p, q) for p, q in zip(x, y)], '[]i32'), val([max(p, q) for p, q in zip(x, y)], '[]i32')] * 2 + [val(3.0, 'f64')])
      for x, y in [([], []), ([5], [2]), ([1, 9, -3, 4], [2, 8, -3, -4])]])

prog('mod_functor_result_nested', '''
The distribution functors return modules with submodules (engine, num):
this program reaches the engine and the number module through the
distribution's qualified names, three levels deep.''', RND + '''

module dist = uniform_int_distribution i64 lcg32

def main (seed: i32) (n: i64) : ([n]i64, i64) =
  let rs = dist.engine.split_rng n (dist.engine.rng_from_seed [seed])
  let xs = map (\\r -> (dist.rand (dist.num.i32 10, dist.num.i32 20) r).1) rs
  in (xs, dist.num.sum xs)
''', [([val(s, 'i32'), val(n, 'i64')], [val(xs, '[]i64'), val(sum(xs), 'i64')]) for s, n in [(1, 0), (1, 1), (8, 9), (-20, 40)]
      for xs in [[10 + g_rand.LCG.rand(r)[1] % 11 for r in g_rand.LCG.split(n, g_rand.LCG.seed([s]))]]])

prog('mod_open_prelude', '''
Opening a prelude module: a module that opens i64 exports its names
too, and a top-level local open of f64 makes its functions (sqrt, cos,
pi) plain names.  It comes last: f64's conversion functions i64, i32 ...
would hide the modules of those names (modules and values share a name
space).''', '''
module int_ops = {
  open i64
  def clamp_abs (x: i64) (lo: i64) (hi: i64) : i64 = max lo (min hi (abs x))
}

local open f64

def main (x: f64) (k: i64) : (f64, f64, i64, i64) =
  (sqrt (x * x + 1), cos (pi * x), int_ops.clamp_abs k 2 10, int_ops.sgn k)
''', [([val(x, 'f64'), val(k, 'i64')], [val(math.sqrt(x * x + 1), 'f64'), val(math.cos(math.pi * x), 'f64'),
                                         val(max(2, min(10, abs(k))), 'i64'), val((k > 0) - (k < 0), 'i64')])
      for x, k in [(0.0, 0), (1.0, -5), (0.5, 42), (-2.25, 7)]])

def lex_case(a, b):
    ps = sorted(zip(a, b))
    return ([val(a, '[]i32'), val(b, '[]f64')], [val([p[0] for p in ps], '[]i32'), val([p[1] for p in ps], '[]f64')])
prog('mod_lex_functor', '''
A functor of two ordered modules giving the lexicographic order of
pairs, applied to i32 and f64 in the argument of the library's merge
sort functor (a functor application as a functor's argument).''', SORT + '\n' + MERGE + '''

module lex (A: ordered) (B: ordered) : ordered with t = (A.t, B.t) = {
  type t = (A.t, B.t)
  def (x: t) <= (y: t) : bool =
    if x.0 A.<= y.0 && y.0 A.<= x.0 then x.1 B.<= y.1 else x.0 A.<= y.0
}

module sorter = mk_merge_sort (lex i32 f64)

def main [n] (xs: [n]i32) (ys: [n]f64) : ([n]i32, [n]f64) = unzip (sorter.sort (zip xs ys))
''', [lex_case(a, b) for a, b in [([], []), ([1], [0.5]), ([2, 1, 2, 1, 0], [0.5, 3.0, -1.0, 2.0, 9.0]), ([(i * 3) % 4 for i in range(13)], [math.sin(i) for i in range(13)])]])

prog('mod_sorted_set', '''
Sets of integers behind a module type whose set type is abstract and
size-lifted (type~): built by sorting and removing duplicates, queried
by binary search.''', RADIX + '''

module type int_set = {
  type elem
  type~ set
  val from_array [n]: [n]elem -> set
  val member: elem -> set -> bool
  val size: set -> i64
  val to_array: set -> []elem
}

module mk_set (I: integral) : int_set with elem = I.t = {
  type elem = I.t
  type~ set = []I.t
  module sorter = mk_radix_sort I
  def from_array [n] (xs: [n]elem) : set =
    let s = sorter.sort xs
    in map (.1) (filter (\\(i, x) -> i == 0 || x I.!= s[i - 1]) (zip (iota n) s))
  def member (x: elem) (s: set) : bool =
    let (lo, _) =
      loop (lo, hi) = (0, length s) while lo < hi do
        let mid = lo + (hi - lo) / 2
        in if s[mid] I.< x then (mid + 1, hi) else (lo, mid)
    in lo < length s && s[lo] I.== x
  def size (s: set) : i64 = length s
  def to_array (s: set) : []elem = s
}

module set16 = mk_set i16

def main (xs: []i16) (qs: []i16) : (i64, []bool, []i16) =
  let s = set16.from_array xs
  in (set16.size s, map (\\q -> set16.member q s) qs, set16.to_array s)
''', [([val(xs, '[]i16'), val(qs, '[]i16')], [val(len(set(xs)), 'i64'), val([q in xs for q in qs], '[]bool'), val(sorted(set(xs)), '[]i16')])
      for xs, qs in [([], [1]), ([5], [5, 4, 6]), ([3, -1, 3, 7, -1, 0], [-1, 0, 1, 2, 3, 7, 8, -32768]), ([(i * 37) % 50 - 25 for i in range(30)], list(range(-26, 27, 5)))]])

def poly_roots_case(cs, zs):
    def ev(z):
        acc = 0j
        for c in reversed(cs):
            acc = acc * z + c
        return acc
    return [val([ev(z).real for z in zs], '[]f64'), val([ev(z).imag for z in zs], '[]f64'), val([abs(ev(z)) for z in zs], '[]f32')]
prog('mod_complex_generic', '''
A functor over the complex library's module type: Horner evaluation
written once against the interface (with its abstract complex type),
applied to mk_complex f64 and mk_complex f32.''', CPX + '''

module horner (C: complex) = {
  def eval [k] (cs: [k]C.complex) (z: C.complex) : C.complex =
    loop acc = C.zero for c in reverse cs do C.(acc * z + c)
}

module c64 = mk_complex f64
module c32 = mk_complex f32
module h64 = horner c64
module h32 = horner c32

-- The polynomial with real coefficients cs, at the points zs.
def main [k][n] (cs: [k]f64) (zre: [n]f64) (zim: [n]f64) : ([n]f64, [n]f64, [n]f32) =
  let ys = map2 (\\a b -> h64.eval (map c64.mk_re cs) (c64.mk a b)) zre zim
  let cs32 = map (\\c -> c32.mk_re (f32.f64 c)) cs
  let ys32 = map2 (\\a b -> h32.eval cs32 (c32.mk (f32.f64 a) (f32.f64 b))) zre zim
  in (map c64.re ys, map c64.im ys, map c32.mag ys32)
''', [([val(cs, '[]f64'), val([z.real for z in zs], '[]f64'), val([z.imag for z in zs], '[]f64')], poly_roots_case(cs, zs))
      for cs, zs in [([], [1j]), ([1.0, 0.0, 1.0], [1j, -1j, 2 + 0j]), ([-1.0, 0.0, 0.0, 1.0], [1 + 0j, cmath.rect(1, 2 * math.pi / 3), 0.5 + 0.5j])]])
