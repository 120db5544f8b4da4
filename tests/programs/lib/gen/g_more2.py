from core import *
import g_rand
from g_seg import segments

RADIX = 'import "lib/github.com/fcclang/sorts/radix_sort"'
SORT = 'import "lib/github.com/fcclang/sorts/sort"'
MERGE = 'import "lib/github.com/fcclang/sorts/merge_sort"'
SEG = 'import "lib/github.com/fcclang/segmented/segmented"'
RND = 'import "lib/github.com/fcclang/random/random"'
LIN = 'import "lib/github.com/fcclang/linalg/linalg"'

INTS = {'i8': (8, True), 'i16': (16, True), 'i32': (32, True), 'i64': (64, True),
        'u8': (8, False), 'u16': (16, False), 'u32': (32, False), 'u64': (64, False)}
def wrap(x, t):
    bits, signed = INTS[t]
    x &= (1 << bits) - 1
    if signed and x >= 1 << (bits - 1):
        x -= 1 << bits
    return x

prog('mod_open_param', '''
A functor that opens its parameter: in its body the operators and
functions are the parameter's (+, *, abs, i32), so the body reads like
ordinary arithmetic on i64, u8 and f64.''', '''
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
''', {
 'eval64': [([val(cs, '[]i64'), val(x, 'i64')], [val(wrap(sum(c * x ** i for i, c in enumerate(cs)), 'i64'), 'i64'), val(abs(x - 100), 'i64')])
            for cs, x in [([], 3), ([7], -2), ([1, 2, 3], 10), ([5, 0, -1, 4], -3), ([1] * 3, 1 << 31)]],
 'eval8': [([val(cs, '[]u8'), val(x, 'u8')], [val(sum(c * x ** i for i, c in enumerate(cs)) % 256, 'u8'), val(abs(x - 100) % 256 if x >= 100 else (x - 100) % 256, 'u8')])
           for cs, x in [([], 3), ([1, 2, 3], 10), ([200, 100, 50], 7), ([9], 150)]],
 'evalf': [([val(cs, '[]f64'), val(x, 'f64')], [val(sum(c * x ** i for i, c in enumerate(cs)), 'f64'), val(abs(x - 100), 'f64')])
           for cs, x in [([], 3.0), ([0.5, -1.5, 2.0], 0.25), ([1.0, 1.0, 1.0, 1.0], -2.0)]]})

prog('mod_local_module', '''
Local modules and module types in a file: a local module type, a local
module made by a functor, a module type abbreviation refined with with,
and include of a refined module type.''', SORT + '\n' + RADIX + '''

local module type keyed = {
  type key
  val key_of: i64 -> key
}

local module sorter = mk_radix_sort i64

module type sort_i64 = sort with t = i64

module type sort_and_key = {
  include sort with t = i64
  include keyed
}

module both : sort_and_key with key = i64 = {
  open sorter
  type key = i64
  def key_of (i: i64) : key = i * 2
}

module just_sort : sort_i64 = both

def main (xs: []i64) : ([]i64, []i64, i64) =
  (both.sort xs, just_sort.sort_by_key (\\x -> -x) xs, both.key_of 21)
''', [([val(xs, '[]i64')], [val(sorted(xs), '[]i64'), val(sorted(xs, key=lambda x: -x), '[]i64'), val(42, 'i64')])
      for xs in [[], [3], [5, -2, 9, 0, -2], [(i * 29) % 13 for i in range(16)]]])

prog('mod_ascription_expr', '''
Ascription as a module expression, (e : mt); a functor lambda with a
result type; and qualified functions used infix with backticks.''', SORT + '\n' + RADIX + '\n' + MERGE + '''

module r = (mk_radix_sort u32 : sort with t = u32)
module make = \\(I: integral) : (sort with t = I.t) -> mk_merge_sort I
module m = make u32

module arith = {
  def avg (x: u32) (y: u32) : u32 = x / 2 + y / 2 + (x & y & 1)
}

def main [n] (xs: [n]u32) : ([n]u32, bool, u32) =
  let a = r.sort xs
  let b = m.sort xs
  in (a, and (map2 (==) a b), if n == 0 then 0 else a[0] `arith.avg` a[n - 1])
''', [([val(xs, '[]u32')], [val(sorted(xs), '[]u32'), 'true', val((min(xs) // 2 + max(xs) // 2 + (min(xs) & max(xs) & 1)) if xs else 0, 'u32')])
      for xs in [[], [7], [4294967295, 1, 4294967295, 3], [(i * 2654435761) % (1 << 32) for i in range(9)]]])

prog('mod_type_sizes', '''
Type abbreviations with size parameters inside a module (vec [n]),
module-level constants computed from arrays, and values whose types
name the module's types from outside.''', '''
module vec3 = {
  type vec [n] = [n]f64
  type t = vec [3]
  def zero : t = [0, 0, 0]
  def basis : [3]t = tabulate 3 (\\i -> tabulate 3 (\\j -> if i == j then 1 else 0))
  def add (a: t) (b: t) : t = map2 (+) a b
  def scale (s: f64) (a: t) : t = map (* s) a
  def dot [n] (a: vec [n]) (b: vec [n]) : f64 = f64.sum (map2 (*) a b)
}

def main [n] (ws: [n]f64) (ps: [n][3]f64) : (vec3.t, f64, [3]f64) =
  let centre : vec3.t = reduce vec3.add vec3.zero (map2 vec3.scale ws ps)
  let coords = map (vec3.dot centre) vec3.basis
  in (centre, vec3.dot ws ws, coords)
''', [([val(w, '[]f64'), val(p, '[][]f64') if p else emptyd('f64', [0, 3])],
       [val([sum(wi * pi[k] for wi, pi in zip(w, p)) for k in range(3)], '[]f64'), val(sum(x * x for x in w), 'f64'),
        val([sum(wi * pi[k] for wi, pi in zip(w, p)) for k in range(3)], '[]f64')])
      for w, p in [([], []), ([2.0], [[1.0, -1.0, 0.5]]), ([0.5, 0.25, 0.25], [[1.0, 0.0, 0.0], [0.0, 4.0, 0.0], [2.0, 2.0, 8.0]])]])

def shuffle(seed, xs):
    E = g_rand.XS64
    rs = E.split(len(xs), E.seed([seed]))
    keys = [E.rand(r)[1] for r in rs]
    order = sorted(range(len(xs)), key=lambda i: keys[i])
    return [xs[i] for i in order]
prog('lib_rand_shuffle', '''
A random permutation: every element gets a random u32 key from its own
split xorshift64* state, and the radix sort of u32 sorts the elements by
their keys.''', RND + '\n' + RADIX + '''

module sorter = mk_radix_sort u32

def shuffle [n] 't (seed: i32) (xs: [n]t) : [n]t =
  let rs = xorshift64star.split_rng n (xorshift64star.rng_from_seed [seed])
  let keys = map (\\r -> (xorshift64star.rand r).1) rs
  in map (.1) (sorter.sort_by_key (.0) (zip keys xs))

def main (seed: i32) (xs: []i32) : ([]i32, i32) =
  let s = shuffle seed xs
  in (s, i32.sum s)
''', [([val(s, 'i32'), val(xs, '[]i32')], [val(shuffle(s, xs), '[]i32'), val(sum(xs), 'i32')])
      for s, xs in [(1, []), (1, [9]), (3, list(range(10))), (-77, [5, 5, 1, 2, 3, 100, -4])]])

def rank_in_group(keys):
    order = sorted(range(len(keys)), key=lambda i: keys[i])
    r = [0] * len(keys)
    prev, c = None, 0
    for i in order:
        c = c + 1 if keys[i] == prev else 0
        prev = keys[i]
        r[i] = c
    return r
prog('lib_seg_rank_in_group', '''
The rank of every element among those with the same key, in input order:
the radix sort groups the keys stably, segmented_iota numbers each
group, and a scatter puts the ranks back in place.''', RADIX + '\n' + SEG + '''

module sorter = mk_radix_sort i32

def main [n] (keys: [n]i32) : [n]i64 =
  let order = sorter.sort_by_key (\\i -> keys[i]) (iota n)
  let sorted = map (\\i -> keys[i]) order
  let flags = map (\\i -> i == 0 || sorted[i] != sorted[i - 1]) (iota n)
  in scatter (replicate n 0) order (segmented_iota flags)
''', [([val(k, '[]i32')], [val(rank_in_group(k), '[]i64')]) for k in [[], [4], [1, 2, 1, 1, 2, 3], [(i * 7) % 3 for i in range(14)]]])

prog('mod_shadowing', '''
Shadowing: a module's own definitions shadow outer ones in its body; a
module nested in another shadows a top-level module of the same name
inside it; the same member names in different modules stay apart.''', '''
def scale : i32 = 10

module m = {
  def scale : i32 = 2
  def f (x: i32) : i32 = x * scale
}

module n = {
  def f (x: i32) : i32 = x + scale
}

module outer = {
  module m = {
    def f (x: i32) : i32 = x - 1
  }
  def g (x: i32) : i32 = m.f (n.f x)
}

def main (x: i32) : (i32, i32, i32, i32, i32) = (m.f x, outer.g x, outer.m.f x, n.f x, scale)
''', [([val(x, 'i32')], [val(2 * x, 'i32'), val(x + 9, 'i32'), val(x - 1, 'i32'), val(x + 10, 'i32'), val(10, 'i32')]) for x in [0, 5, -3]])

def dotw(x, y, t):
    return wrap(sum(a * b for a, b in zip(x, y)), t)
prog('lib_linalg_numeric_types', '''
mk_linalg_numeric applied to i8, u16 and f32 in one program: the same
matrix product wraps around in the integer types.''', LIN + '''

module la8 = mk_linalg_numeric i8
module la16 = mk_linalg_numeric u16
module la32 = mk_linalg_numeric f32

def main [n][m] (a: [n][m]i32) (b: [m][n]i32) : ([n][n]i8, [n][n]u16, [n][n]f32) =
  (la8.matmul (map (map i8.i32) a) (map (map i8.i32) b),
   la16.matmul (map (map u16.i32) a) (map (map u16.i32) b),
   la32.matmul (map (map f32.i32) a) (map (map f32.i32) b))
''', [([val(a, '[][]i32'), val(b, '[][]i32')],
       [val([[wrap(v, 'i8') for v in r] for r in mm], '[][]i8'), val([[wrap(v, 'u16') for v in r] for r in mm], '[][]u16'), val([[float(v) for v in r] for r in mm], '[][]f32')])
      for a, b in [([[3]], [[4]]), ([[100, 20], [-7, 1]], [[2, 0], [5, 9]]), ([[i * 50 - j * 30 for j in range(3)] for i in range(2)], [[(i + 1) * (j + 2) * 11 for j in range(2)] for i in range(3)])]
      for mm in [[[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]))] for i in range(len(a))]]])
