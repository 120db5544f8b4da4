from core import *

RADIX = 'import "lib/github.com/fcclang/sorts/radix_sort"'
MERGE = 'import "lib/github.com/fcclang/sorts/merge_sort"'
SORT = 'import "lib/github.com/fcclang/sorts/sort"'

def wrap(x, bits, signed):
    x &= (1 << bits) - 1
    if signed and x >= 1 << (bits - 1):
        x -= 1 << bits
    return x

def sort_cases(t, lists):
    return [([val(xs, '[]' + t)], [val(sorted(xs), '[]' + t)]) for xs in lists]

mixed = [5, -3, 2, -2147483648, 2147483647, 0, -1, 7, 2, -3]
prog('lib_radix_sort_i32', '''
Radix sort of i32 from the sorts library: the functor applied to the
prelude's i32 module.  Negative numbers, extremes, duplicates, sizes that
are not powers of two.''', RADIX + '''

module sort_i32 = mk_radix_sort i32

def main (xs: []i32) : []i32 = sort_i32.sort xs
''', sort_cases('i32', [[], [42], [3, 1, 2], mixed, [9 - i for i in range(17)], [0] * 5]))

prog('lib_radix_sort_u8', '''
Radix sort of u8: an unsigned type, whose top bit is an ordinary bit.''', RADIX + '''

module sort_u8 = mk_radix_sort u8

def main (xs: []u8) : []u8 = sort_u8.sort xs
''', sort_cases('u8', [[], [200], [255, 0, 128, 127, 1, 254, 129], [(i * 37) % 256 for i in range(23)]]))

prog('lib_radix_sort_i64', '''
Radix sort of i64, 64 passes, with values beyond 32 bits.''', RADIX + '''

module sort_i64 = mk_radix_sort i64

def main (xs: []i64) : []i64 = sort_i64.sort xs
''', sort_cases('i64', [[], [-5], [1 << 40, -(1 << 40), 3, -9223372036854775808, 9223372036854775807, 0, -1],
                         [wrap(i * 2654435761 * 40503, 64, True) for i in range(13)]]))

prog('lib_radix_sort_u32', '''
Radix sort of u32 values above 2^31, which a signed reading would put
first.''', RADIX + '''

module sort_u32 = mk_radix_sort u32

def main (xs: []u32) : []u32 = sort_u32.sort xs
''', sort_cases('u32', [[], [4294967295], [4294967295, 0, 2147483648, 2147483647, 1, 3000000000],
                         [(i * 2654435761) % (1 << 32) for i in range(11)]]))

prog('lib_radix_sort_i16_i8', '''
Radix sorts of i16 and i8, two instances of the functor in one program.''', RADIX + '''

module s16 = mk_radix_sort i16
module s8 = mk_radix_sort i8

def main (xs: []i16) (ys: []i8) : ([]i16, []i8) = (s16.sort xs, s8.sort ys)
''', [([val(a, '[]i16'), val(b, '[]i8')], [val(sorted(a), '[]i16'), val(sorted(b), '[]i8')]) for a, b in [
    ([], []), ([-32768, 32767, 0, -1, 1, 300, -300], [127, -128, 0, -1, 5]),
    ([wrap(i * 7919, 16, True) for i in range(19)], [wrap(i * 73, 8, True) for i in range(9)])]])

pairs = [(3, 0), (1, 1), (3, 2), (-2, 3), (1, 4), (0, 5), (-2, 6), (3, 7)]
def bykey(ps):
    s = sorted(ps, key=lambda p: p[0])
    return ([val([p[0] for p in ps], '[]i32'), val([p[1] for p in ps], '[]i32')],
            [val([p[0] for p in s], '[]i32'), val([p[1] for p in s], '[]i32')])
prog('lib_radix_sort_by_key', '''
sort_by_key of the radix sort functor sorts records by one field and is
stable: equal keys keep their order (the payloads show it).''', RADIX + '''

module sort_i32 = mk_radix_sort i32

type item = {key: i32, payload: i32}

def main [n] (keys: [n]i32) (payloads: [n]i32) : ([n]i32, [n]i32) =
  let items = map2 (\\k p -> {key = k, payload = p}) keys payloads
  let sorted = sort_i32.sort_by_key (.key) items
  in (map (.key) sorted, map (.payload) sorted)
''', [bykey([]), bykey([(7, 1)]), bykey(pairs), bykey([(i % 3 - 1, i) for i in range(10)])])

lowbits = [17, 3, 33, 2, 18, 64, 15, 1, 49]
prog('lib_radix_sort_low_bits', '''
The library's plain radix_sort, given its own bit reader: sorting by the
low 4 bits only, so values with the same low bits keep their order.''', RADIX + '''

def main (xs: []i32) : []i32 = radix_sort 4 (\\b x -> (x >> b) & 1) xs
''', [([val(xs, '[]i32')], [val(sorted(xs, key=lambda x: x & 15), '[]i32')]) for xs in [[], [5], lowbits, list(range(40, 0, -3))]])

fl = [3.5, -1.25, 0.0, 2.0, -7.5, 3.5, 100.0, -0.5, 1e-3]
prog('lib_merge_sort_f64', '''
Merge sort by a comparison given as a qualified operator of the prelude's
f64 module.''', MERGE + '''

def main (xs: []f64) : []f64 = merge_sort (f64.<=) xs
''', sort_cases('f64', [[], [1.5], fl, [math.sin(i) for i in range(21)]]))

prog('lib_merge_sort_desc', '''
Merge sort in decreasing order, with (>=) as the comparison, and
stability when sorting pairs by their first component only.''', MERGE + '''

entry desc (xs: []i32) : []i32 = merge_sort (>=) xs

entry by_first [n] (ks: [n]i32) (vs: [n]i32) : ([n]i32, [n]i32) =
  let ps = merge_sort (\\(a, _) (b, _) -> a >= b) (zip ks vs)
  in unzip ps
''', {'desc': [([val(xs, '[]i32')], [val(sorted(xs, reverse=True), '[]i32')]) for xs in [[], [1], [4, 9, 1, 9, 0, -3, 12], [(i * 11) % 7 for i in range(15)]]],
      'by_first': [([val([p[0] for p in ps], '[]i32'), val([p[1] for p in ps], '[]i32')],
                    [val([p[0] for p in sorted(ps, key=lambda p: -p[0])], '[]i32'), val([p[1] for p in sorted(ps, key=lambda p: -p[0])], '[]i32')])
                   for ps in [[], [(2, 2)], pairs, [(i % 4, i) for i in range(11)]]]})

lex = [(2, 5), (1, 9), (2, 1), (1, 9), (0, 0), (-1, 4), (2, 3)]
prog('lib_merge_sort_lex_functor', '''
mk_merge_sort applied to a module written in place: pairs of i32 in
lexicographic order.  The module defines its own <=, whose body still
sees the prelude's (definitions are not recursive).''', MERGE + '''

module lex_sort = mk_merge_sort {
  type t = (i32, i32)
  def (a: t) <= (b: t) : bool = a.0 < b.0 || (a.0 == b.0 && a.1 <= b.1)
}

def main [n] (xs: [n]i32) (ys: [n]i32) : ([n]i32, [n]i32) =
  unzip (lex_sort.sort (zip xs ys))
''', [([val([p[0] for p in ps], '[]i32'), val([p[1] for p in ps], '[]i32')],
       [val([p[0] for p in sorted(ps)], '[]i32'), val([p[1] for p in sorted(ps)], '[]i32')])
      for ps in [[], [(1, 1)], lex, [((i * 5) % 3, (i * 7) % 4) for i in range(12)]]])

words = [35, 31, 12, 19, 33, 11, 5, 40, 18]
prog('lib_merge_sort_by_key', '''
merge_sort_by_key: sorting numbers by their tens digit, stably.''', MERGE + '''

def main (xs: []i32) : []i32 = merge_sort_by_key (\\x -> x / 10) (<=) xs
''', [([val(xs, '[]i32')], [val(sorted(xs, key=lambda x: x // 10), '[]i32')]) for xs in [[], [7], words, [(i * 37) % 100 for i in range(25)]]])

prog('lib_sort_agree', '''
Both sorting functors ascribed to the module type sort (imported from the
library): the radix sort and the merge sort of the same i32 module give
the same answer, and the program only uses what the module type shows.''', SORT + '\n' + RADIX + '\n' + MERGE + '''

module radix : sort with t = i32 = mk_radix_sort i32
module merge : sort with t = i32 = mk_merge_sort i32

def main (xs: []i32) : ([]i32, bool) =
  let a = radix.sort xs
  let b = merge.sort xs
  in (a, and (map2 (==) a b))
''', [([val(xs, '[]i32')], [val(sorted(xs), '[]i32'), 'true']) for xs in [[], [-1], mixed, [(i * 7919) % 101 - 50 for i in range(33)]]])

def median(xs):
    s = sorted(xs)
    return s[len(s) // 2]
prog('lib_sort_median', '''
The median (upper median for even sizes) of u16 values, by radix sort.''', RADIX + '''

module sorter = mk_radix_sort u16

def main [n] (xs: [n]u16) : u16 =
  let s = sorter.sort xs
  in s[n / 2]
''', [([val(xs, '[]u16')], [val(median(xs), 'u16')]) for xs in [[9], [3, 1], [5, 1, 4, 2, 3], [(i * 4099) % 65536 for i in range(14)]]])

def ranks(xs):
    order = sorted(range(len(xs)), key=lambda i: xs[i])
    r = [0] * len(xs)
    for k, i in enumerate(order):
        r[i] = k
    return r
prog('lib_sort_ranks', '''
The rank of every element (its place in the stably sorted array), by
sorting indices by their element with sort_by_key and scattering.''', RADIX + '''

module sorter = mk_radix_sort i64

def main [n] (xs: [n]i64) : [n]i64 =
  let order = sorter.sort_by_key (\\i -> xs[i]) (iota n)
  in scatter (replicate n 0) order (iota n)
''', [([val(xs, '[]i64')], [val(ranks(xs), '[]i64')]) for xs in [[], [10], [30, 10, 20, 10], [(i * 13) % 7 - 3 for i in range(17)]]])

def dedup(xs):
    return sorted(set(xs))
prog('lib_sort_unique', '''
Distinct values in increasing order: sort, then keep the elements that
differ from their predecessor.''', RADIX + '''

module sorter = mk_radix_sort i32

def main [n] (xs: [n]i32) : []i32 =
  let s = sorter.sort xs
  in map (.1) (filter (\\(i, x) -> i == 0 || x != s[i - 1]) (zip (iota n) s))
''', [([val(xs, '[]i32')], [val(dedup(xs), '[]i32')]) for xs in [[], [3], [2, 2, 2], [5, 3, 5, 1, 3, 9, -2, 1], [(i * i) % 10 for i in range(23)]]])
