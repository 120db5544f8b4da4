from core import *
import g_rand

def shuffle_ref(E, r, xs):
    rs = E.split(len(xs) + 1, r)
    keys = [E.rand(s)[1] for s in rs[1:]]
    order = sorted(range(len(xs)), key=lambda i: keys[i])
    return rs[0], [xs[i] for i in order]

def two_shuffles(E, seed, xs):
    r, a = shuffle_ref(E, E.seed([seed]), xs)
    _, b = shuffle_ref(E, r, a)
    return a, b
prog('lib_rand_shuffle_functor', '''
The random package's shuffle functor (random/shuffle.fut, which imports
the sorts package as "../sorts/radix_sort") applied to two engines; the
state it returns shuffles again.''', '''import "lib/github.com/fcclang/random/random"
import "lib/github.com/fcclang/random/shuffle"

module by_xorshift = mk_shuffle xorshift32
module by_lcg = mk_shuffle lcg32

entry xorshift (seed: i32) (xs: []i64) : ([]i64, []i64) =
  let (r, a) = by_xorshift.shuffle (xorshift32.rng_from_seed [seed]) xs
  let (_, b) = by_xorshift.shuffle r a
  in (a, b)

entry lcg (seed: i32) (xs: []i64) : ([]i64, []i64) =
  let (r, a) = by_lcg.shuffle (lcg32.rng_from_seed [seed]) xs
  let (_, b) = by_lcg.shuffle r a
  in (a, b)
''', {name: [([val(s, 'i32'), val(xs, '[]i64')], [val(v, '[]i64') for v in two_shuffles(E, s, xs)])
             for s, xs in [(1, []), (2, [42]), (7, list(range(9))), (-5, [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5])]]
      for name, E in [('xorshift', g_rand.XS32), ('lcg', g_rand.LCG)]})

def sp_case(rows, m, x, t):
    lens = [len(r) for r in rows]
    cols = [c for r in rows for c, _ in r]
    vals = [v for r in rows for _, v in r]
    y = [sum(v * x[c] for c, v in r) for r in rows]
    dense = [[sum(v for c, v in r if c == j) for j in range(m)] for r in rows]
    ins = [val(lens, '[]i64'), val(cols, '[]i64'), val(vals, '[]' + t), val(x, '[]' + t)]
    return (ins, [val(y, '[]' + t), val(dense, '[][]' + t) if rows and m else emptyd(t, [len(rows), m])])
ROWS = [[(0, 2), (2, 1)], [], [(1, -1)], [(0, 1), (1, 1), (2, 1)]]
prog('lib_linalg_sparse', '''
The linalg package's sparse matrices (linalg/sparse.fut, which imports
the segmented package as "../segmented/segmented"): products with
vectors and dense forms over i32 and f64, empty rows included.''', '''import "lib/github.com/fcclang/linalg/sparse"

module sp32 = mk_sparse i32
module sp64 = mk_sparse f64

entry ints [r][nnz][m] (lens: [r]i64) (cols: [nnz]i64) (vals: [nnz]i32) (x: [m]i32) : ([r]i32, [r][m]i32) =
  let a : sp32.csr [r][nnz] = {lens, cols, vals}
  in (sp32.spmv a x, sp32.to_dense a m)

entry reals [r][nnz][m] (lens: [r]i64) (cols: [nnz]i64) (vals: [nnz]f64) (x: [m]f64) : ([r]f64, [r][m]f64) =
  let a : sp64.csr [r][nnz] = {lens, cols, vals}
  in (sp64.spmv a x, sp64.to_dense a m)
''', {'ints': [sp_case([[(0, 5)]], 1, [3], 'i32'), sp_case(ROWS, 3, [1, 2, 3], 'i32'),
               sp_case([[], [], [(3, 4)], []], 4, [1, 1, 1, 7], 'i32')],
      'reals': [sp_case([[(1, 0.5)]], 2, [3.0, -2.0], 'f64'), sp_case([[(c, float(v)) for c, v in r] for r in ROWS], 3, [0.5, 0.25, 2.0], 'f64'),
                sp_case([[(j, float(i + j) / 4) for j in range(i % 4)] for i in range(7)], 4, [0.5, -1.0, 2.0, 4.0], 'f64')]})
