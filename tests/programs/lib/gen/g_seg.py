from core import *

SEG = 'import "lib/github.com/fcclang/segmented/segmented"'

def segments(flags, vs):
    out = []
    for i, (f, v) in enumerate(zip(flags, vs)):
        if i == 0 or f:
            out.append([])
        out[-1].append(v)
    return out

def seg_scan(op, flags, vs):
    res = []
    for s in segments(flags, vs):
        acc = None
        for v in s:
            acc = v if acc is None else op(acc, v)
            res.append(acc)
    return res

F1 = [True, False, True, True, False, False, True]
V1 = [1, 2, 3, 4, 5, 6, 7]
F2 = [False, False, True, False, False, True, False, False, False]  # first flag false
V2 = [5, -1, 8, 2, 0, 9, -4, 3, 3]
F3 = [True] * 5
V3 = [10, 20, 30, 40, 50]
F4 = [(i * 7) % 5 == 0 for i in range(19)]
V4 = [(i * 13) % 11 - 5 for i in range(19)]
SETS = [([], []), ([True], [7]), (F1, V1), (F2, V2), (F3, V3), (F4, V4)]

def fv(flags, vs, t='i32'):
    return [val(flags, '[]bool'), val(vs, '[]' + t)]

prog('lib_seg_scan', '''
segmented_scan with (+): prefix sums restarting at every flag.  The
first element starts a segment even when its flag is false.''', SEG + '''

def main [n] (flags: [n]bool) (xs: [n]i32) : [n]i32 = segmented_scan (+) 0 flags xs
''', [(fv(f, v), [val(seg_scan(lambda a, b: a + b, f, v), '[]i32')]) for f, v in SETS])

prog('lib_seg_reduce_max', '''
segmented_reduce with i32.max: one maximum per segment.''', SEG + '''

def main [n] (flags: [n]bool) (xs: [n]i32) : []i32 =
  segmented_reduce i32.max i32.lowest flags xs
''', [(fv(f, v), [val([max(s) for s in segments(f, v)], '[]i32')]) for f, v in SETS])

prog('lib_seg_reduce_pairs', '''
segmented_reduce over tuples: the sum and the count of every segment,
with an operator on pairs and a tuple as the neutral element.''', SEG + '''

def main [n] (flags: [n]bool) (xs: [n]i32) : ([]i32, []i64) =
  let r = segmented_reduce (\\(a, c) (b, d) -> (a + b, c + d)) (0, 0)
                           flags (map (\\x -> (x, 1i64)) xs)
  in unzip r
''', [(fv(f, v), [val([sum(s) for s in segments(f, v)], '[]i32'), val([len(s) for s in segments(f, v)], '[]i64')]) for f, v in SETS])

def rep_iota(reps):
    return [i for i, r in enumerate(reps) for _ in range(r)]
REPS = [[], [0], [3], [2, 0, 3, 1], [0, 0, 4, 0, 1, 0], [1] * 6, [(i * 3) % 4 for i in range(9)]]
prog('lib_seg_replicated_iota', '''
replicated_iota: the segment number of every element, for segment
lengths that include zero (empty segments leave no trace).''', SEG + '''

def main (reps: []i64) : []i64 = replicated_iota reps
''', [([val(r, '[]i64')], [val(rep_iota(r), '[]i64')]) for r in REPS])

prog('lib_seg_replicate', '''
segmented_replicate: each value repeated as often as its count says.''', SEG + '''

def main [n] (reps: [n]i64) (vs: [n]f64) : []f64 = segmented_replicate reps vs
''', [([val(r, '[]i64'), val([0.5 * i - 1 for i in range(len(r))], '[]f64')],
       [val([0.5 * i - 1 for i in rep_iota(r)], '[]f64')]) for r in REPS])

def seg_iota(flags):
    return seg_scan(lambda a, b: a + b, flags, [1] * len(flags))
prog('lib_seg_iota', '''
segmented_iota: the index of every element within its segment.''', SEG + '''

def main (flags: []bool) : []i64 = segmented_iota flags
''', [([val(f, '[]bool')], [val([x - 1 for x in seg_iota(f)], '[]i64')]) for f, _ in SETS])

def expand_ref(xs):
    return [x * x + j for x in xs for j in range(x)]
prog('lib_seg_expand', '''
expand: every n becomes the n numbers n*n+j for j < n (irregular
nested parallelism flattened by the library).''', SEG + '''

def main (xs: []i64) : []i64 = expand (\\x -> x) (\\x j -> x * x + j) xs
''', [([val(x, '[]i64')], [val(expand_ref(x), '[]i64')]) for x in [[], [0], [1], [3, 0, 2], [0, 4, 0], [5, 1, 1, 3]]])

FS = [([], []), ([True], [2.5]), (F1, [0.5 * v for v in V1]), (F2, [v / 4 for v in V2]), (F4, [v * 1.25 for v in V4])]
prog('lib_seg_numeric_f64', '''
The library's functor of segmented reductions, applied to f64: sums,
products and running sums per segment.''', SEG + '''

module segf = mk_segmented_numeric f64

def main [n] (flags: [n]bool) (xs: [n]f64) : ([]f64, []f64, [n]f64) =
  (segf.segmented_sum flags xs, segf.segmented_product flags xs,
   segf.segmented_prefix_sum flags xs)
''', [(fv(f, v, 'f64'), [val([sum(s) for s in segments(f, v)], '[]f64'),
                         val([math.prod(s) for s in segments(f, v)], '[]f64'),
                         val(seg_scan(lambda a, b: a + b, f, v), '[]f64')]) for f, v in FS])

def wrapu(x, bits):
    return x & ((1 << bits) - 1)
US = [([], []), ([True], [200]), (F1, [250, 10, 3, 255, 0, 1, 77]), (F4, [(i * 41) % 256 for i in range(19)])]
prog('lib_seg_numeric_u8', '''
Segmented reductions over u8 through the functor: sums wrap around at
256, and the maximum's neutral element is the module's lowest, 0.''', SEG + '''

module segu8 = mk_segmented_numeric u8

def main [n] (flags: [n]bool) (xs: [n]u8) : ([]u8, []u8) =
  (segu8.segmented_sum flags xs, segu8.segmented_maximum flags xs)
''', [(fv(f, v, 'u8'), [val([wrapu(sum(s), 8) for s in segments(f, v)], '[]u8'),
                        val([max(s) for s in segments(f, v)], '[]u8')]) for f, v in US])

IS = [([], []), ([True], [-3]), (F1, [2, 3, -1, 5, 5, 2, 10]), (F3, [1 << 20, 1 << 21, -7, 0, 9]), (F2, [3, 3, 3, 3, 3, 3, 3, 3, 3])]
prog('lib_seg_numeric_i64_qualified', '''
The segmented library imported as a module (module seg = import ...),
its functor reached by a qualified name and applied to i64.''', '''module seg = import "lib/github.com/fcclang/segmented/segmented"

module seg64 = seg.mk_segmented_numeric i64

def main [n] (flags: [n]bool) (xs: [n]i64) : ([]i64, []i64) =
  (seg64.segmented_product flags xs, seg.segmented_reduce i64.min i64.highest flags xs)
''', [(fv(f, v, 'i64'), [val([math.prod(s) for s in segments(f, v)], '[]i64'),
                         val([min(s) for s in segments(f, v)], '[]i64')]) for f, v in IS])

# Sparse matrix (CSR) times vector.
def csr_case(rows, x):
    lens = [len(r) for r in rows]
    cols = [c for r in rows for c, _ in r]
    vals = [v for r in rows for _, v in r]
    y = [sum(v * x[c] for c, v in r) for r in rows]
    return ([val(lens, '[]i64'), val(cols, '[]i64'), val(vals, '[]f64'), val(x, '[]f64')], [val(y, '[]f64')])
prog('lib_seg_spmv', '''
Sparse matrix-vector product in compressed sparse row form: the row
lengths become segment flags (rows may be empty), the products are
summed per row with segmented_reduce, and empty rows are put back with
zeros.''', SEG + '''

def main [r][nnz][m] (lens: [r]i64) (cols: [nnz]i64) (vals: [nnz]f64) (x: [m]f64) : [r]f64 =
  let starts = map2 (-) (scan (+) 0 lens) lens
  let flags = scatter (replicate nnz false) (map2 (\\s l -> if l > 0 then s else -1) starts lens)
                      (replicate r true)
  let products = map2 (\\c v -> v * x[c]) cols vals
  let sums = segmented_reduce (+) 0 flags products
  -- The k'th non-empty row owns sums[k].
  let nonempty = map (\\l -> if l > 0 then 1 else 0) lens
  let slot = map2 (-) (scan (+) 0 nonempty) nonempty
  in map2 (\\l k -> if l > 0 then sums[k] else 0) lens slot
''', [csr_case([[(0, 1.0)]], [3.0]),
      csr_case([[(0, 2.0), (2, 1.0)], [], [(1, -1.0)], [(0, 1.0), (1, 1.0), (2, 1.0)]], [1.0, 2.0, 3.0]),
      csr_case([[], [], [(3, 4.0)], []], [1.0, 1.0, 1.0, 0.25]),
      csr_case([[(j, float(i + j)) for j in range(i % 4)] for i in range(7)], [0.5, -1.0, 2.0, 4.0])])

def lens_case(lens, vs):
    out, k = [], 0
    for l in lens:
        out.append(sum(vs[k:k + l])); k += l
    return ([val(lens, '[]i64'), val(vs, '[]i32')], [val(out, '[]i32')])
prog('lib_seg_sum_by_lengths', '''
Sums of consecutive runs given by their (non-zero) lengths: the run of
every element by replicated_iota, flags where it changes, then a
segmented reduction.''', SEG + '''

def main [r][n] (lens: [r]i64) (xs: [n]i32) : []i32 =
  let owner = replicated_iota lens :> [n]i64
  let flags = map2 (\\i o -> i == 0 || o != owner[i - 1]) (iota n) owner
  in segmented_reduce (+) 0 flags xs
''', [lens_case([1], [4]), lens_case([2, 3], [1, 2, 3, 4, 5]), lens_case([1, 1, 1], [7, 8, 9]), lens_case([4, 1, 2, 5], list(range(12)))])
