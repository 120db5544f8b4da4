from core import *
import cmath
from g_seg import segments, F1, F2, F4

RADIX = 'import "lib/github.com/fcclang/sorts/radix_sort"'
MERGE = 'import "lib/github.com/fcclang/sorts/merge_sort"'
SORT = 'import "lib/github.com/fcclang/sorts/sort"'
SEG = 'import "lib/github.com/fcclang/segmented/segmented"'
CPX = 'import "lib/github.com/fcclang/complex/complex"'

M64 = (1 << 64) - 1
prog('lib_radix_sort_u64', '''
Radix sort of u64, whose values above 2^63 need all 64 unsigned bits.''', RADIX + '''

module sort_u64 = mk_radix_sort u64

def main (xs: []u64) : []u64 = sort_u64.sort xs
''', [([val(xs, '[]u64')], [val(sorted(xs), '[]u64')]) for xs in
      [[], [M64], [M64, 0, 1 << 63, (1 << 63) - 1, 1, 12345678901234567890],
       [(i * 0x9e3779b97f4a7c15) & M64 for i in range(13)]]])

prog('mod_functor_curried', '''
A functor whose body is a functor lambda (curried by hand): applied to
one module it gives a functor, which is applied again.  The result mixes
an integral and a real module.''', '''
module scaler (I: integral) = \\(R: real) -> {
  -- The integers, each scaled by the real factor and rounded down.
  def scale [n] (f: R.t) (xs: [n]I.t) : [n]I.t =
    map (\\x -> I.i64 (R.to_i64 (R.floor (R.i64 (I.to_i64 x) R.* f)))) xs
}

module from_i32 = scaler i32
module s64 = from_i32 f64
module s32 = from_i32 f32

def main (f: f64) (xs: []i32) : ([]i32, []i32) = (s64.scale f xs, s32.scale (f32.f64 f) xs)
''', [([val(f, 'f64'), val(xs, '[]i32')], [val([math.floor(x * f) for x in xs], '[]i32')] * 2)
      for f, xs in [(2.0, []), (0.5, [3]), (1.5, [1, 2, 3, -3, -4, 100]), (-0.25, [8, 9, -9, 0])]])

prog('mod_functor_type_abbrev', '''
A module type abbreviation that names a functor type, used as the type
of a higher-order functor's parameter; the argument is an ascribed
functor binding.''', SORT + '\n' + RADIX + '''

module type sorter_maker = (I: integral) -> sort with t = I.t

module descending (F: sorter_maker) (I: integral) = {
  module s = F I
  def sort [n] (xs: [n]I.t) : [n]I.t = reverse (s.sort xs)
}

module maker : sorter_maker = mk_radix_sort

module desc_i8 = descending maker i8
module desc_u16 = descending mk_radix_sort u16

def main (xs: []i8) (ys: []u16) : ([]i8, []u16) = (desc_i8.sort xs, desc_u16.sort ys)
''', [([val(a, '[]i8'), val(b, '[]u16')], [val(sorted(a, reverse=True), '[]i8'), val(sorted(b, reverse=True), '[]u16')])
      for a, b in [([], []), ([5], [5]), ([-128, 127, 0, -1, 3, 3], [65535, 0, 256, 255, 1])]])

def mat_mul(a, b):
    return ((a[0] * b[0] + a[1] * b[2]) % 1000, (a[0] * b[1] + a[1] * b[3]) % 1000,
            (a[2] * b[0] + a[3] * b[2]) % 1000, (a[2] * b[1] + a[3] * b[3]) % 1000)
def seg_mat_scan(flags, ms):
    out = []
    for s in segments(flags, ms):
        acc = None
        for m in s:
            acc = m if acc is None else mat_mul(acc, m)
            out.append(acc)
    return out
MATS = [(1, 1, 1, 0), (2, 0, 1, 3), (0, 1, 1, 0), (5, 7, 2, 9), (1, 2, 3, 4), (3, 0, 0, 1), (4, 4, 1, 2)]
def ms_case(flags, ms):
    r = seg_mat_scan(flags, ms)
    return ([val(flags, '[]bool'), val([list(m) for m in ms], '[][]i64') if ms else emptyd('i64', [0, 4])],
            [val([list(m) for m in r], '[][]i64') if ms else emptyd('i64', [0, 4])])
prog('lib_seg_scan_noncommutative', '''
segmented_scan with a non-commutative operator, products of 2x2 matrices
modulo 1000, so that any reordering of the operands would show.''', SEG + '''

type mat = (i64, i64, i64, i64)

def mul ((a, b, c, d): mat) ((e, f, g, h): mat) : mat =
  ((a * e + b * g) % 1000, (a * f + b * h) % 1000, (c * e + d * g) % 1000, (c * f + d * h) % 1000)

def main [n] (flags: [n]bool) (ms: [n][4]i64) : [n][4]i64 =
  let ps = segmented_scan mul (1, 0, 0, 1) flags (map (\\m -> (m[0], m[1], m[2], m[3])) ms)
  in map (\\(a, b, c, d) -> [a, b, c, d]) ps
''', [ms_case([], []), ms_case([True], [MATS[3]]), ms_case(F1, MATS), ms_case([False] * 7, MATS),
      ms_case(F4[:14], [MATS[i % 7] for i in range(14)])])

def cs_case(zs):
    s = sorted(zs, key=abs)
    return ([val([z.real for z in zs], '[]f64'), val([z.imag for z in zs], '[]f64')],
            [val([z.real for z in s], '[]f64'), val([z.imag for z in s], '[]f64')])
prog('lib_complex_sort_by_mag', '''
Complex numbers from mk_complex f64 sorted by magnitude with the merge
sort library's merge_sort_by_key; equal magnitudes keep their order.''', CPX + '\n' + MERGE + '''

module c64 = mk_complex f64

def main [n] (re: [n]f64) (im: [n]f64) : ([n]f64, [n]f64) =
  let zs = map2 c64.mk re im
  let s = merge_sort_by_key c64.mag (f64.<=) zs
  in (map c64.re s, map c64.im s)
''', [cs_case(z) for z in [[], [1 + 1j], [3 + 4j, 1 + 0j, 0 - 2j, -5 + 0j, 0.5 + 0.5j, 0 + 1j], [complex(math.cos(i), i * 0.1) for i in range(11)]]])
