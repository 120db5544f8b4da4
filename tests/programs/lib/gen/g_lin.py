from core import *
from fractions import Fraction as Fr

LIN = 'import "lib/github.com/fcclang/linalg/linalg"'

def matmul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(len(b))) for j in range(len(b[0]) if b else 0)] for i in range(len(a))]
def transpose(a, m=None):
    m = len(a[0]) if a else (m or 0)
    return [[a[i][j] for i in range(len(a))] for j in range(m)]
def det(a):
    a = [[Fr(x) for x in r] for r in a]
    n, d = len(a), Fr(1)
    for k in range(n):
        p = next((i for i in range(k, n) if a[i][k] != 0), None)
        if p is None:
            return 0.0
        if p != k:
            a[k], a[p] = a[p], a[k]; d = -d
        d *= a[k][k]
        for i in range(k + 1, n):
            f = a[i][k] / a[k][k]
            a[i] = [x - f * y for x, y in zip(a[i], a[k])]
    return float(d)
def solve(a, b):
    n = len(a)
    m = [[Fr(x) for x in r] + [Fr(y)] for r, y in zip(a, b)]
    for k in range(n):
        p = next(i for i in range(k, n) if m[i][k] != 0)
        m[k], m[p] = m[p], m[k]
        m[k] = [x / m[k][k] for x in m[k]]
        for i in range(n):
            if i != k:
                f = m[i][k]
                m[i] = [x - f * y for x, y in zip(m[i], m[k])]
    return [float(r[n]) for r in m]
def inv(a):
    n = len(a)
    cols = [solve(a, [1.0 if i == j else 0.0 for i in range(n)]) for j in range(n)]
    return transpose(cols, n)
def lu(a):
    n = len(a)
    u = [[Fr(x) for x in r] for r in a]
    l = [[Fr(int(i == j)) for j in range(n)] for i in range(n)]
    for k in range(n):
        for i in range(k + 1, n):
            f = u[i][k] / u[k][k]
            l[i][k] = f
            u[i] = [x - f * y for x, y in zip(u[i], u[k])]
    return [[float(x) for x in r] for r in l], [[float(x) for x in r] for r in u]

def m2(a, t='f64', cols=None):
    if not a:
        return emptyd(t, [0, cols or 0])
    return val(a, '[][]' + t)

A3 = [[2.0, 1.0, -1.0], [-3.0, -1.0, 2.0], [-2.0, 1.0, 2.0]]
A4 = [[0.0, 2.0, 1.0, 4.0], [1.0, 1.0, 0.0, 2.0], [3.0, 0.0, 1.0, 1.0], [2.0, 5.0, 1.0, 0.0]]  # needs pivoting
A1 = [[4.0]]
A2 = [[1.0, 2.0], [3.0, 4.0]]

prog('lib_linalg_dot_matvec_i32', '''
mk_linalg_numeric applied to i32: dot products and matrix-vector
products of integers, exactly.''', LIN + '''

module la = mk_linalg_numeric i32

entry dot (xs: []i32) (ys: []i32) : i32 = la.dot xs ys

entry matvec [n][m] (a: [n][m]i32) (v: [m]i32) : [n]i32 = la.matvec a v
''', {'dot': [([val(x, '[]i32'), val(y, '[]i32')], [val(sum(p * q for p, q in zip(x, y)), 'i32')])
               for x, y in [([], []), ([3], [-4]), ([1, 2, 3], [4, 5, 6]), (list(range(11)), list(range(11, 0, -1)))]],
       'matvec': [([m2(a, 'i32', len(v)), val(v, '[]i32')], [val([sum(p * q for p, q in zip(r, v)) for r in a], '[]i32')])
                  for a, v in [([], [1, 2]), ([[5]], [3]), ([[1, 2, 3], [4, 5, 6]], [1, 0, -1]), ([[i * j - 3 for j in range(5)] for i in range(4)], [2, -1, 0, 1, 3])]]})

MM = [(A2, [[0.5, -1.0], [2.0, 0.0]]), ([[1.0, 2.0, 3.0]], [[1.0], [0.5], [0.25]]),
      ([[1.0], [2.0]], [[3.0, 4.0, 5.0]]), ([[i + 0.5 * j for j in range(3)] for i in range(4)], [[(i - j) * 0.25 for j in range(5)] for i in range(3)])]
prog('lib_linalg_matmul_f64', '''
Matrix products of mk_linalg f64 (the functor over real reuses the one
over numeric with open), for square and rectangular shapes.''', LIN + '''

module la = mk_linalg f64

def main [n][p][m] (a: [n][p]f64) (b: [p][m]f64) : [n][m]f64 = la.matmul a b
''', [([m2(a), m2(b)], [m2(matmul(a, b))]) for a, b in MM])

prog('lib_linalg_transpose_outer_trace', '''
transpose (the module's own, defined by the prelude's), outer products
and traces from mk_linalg_numeric i64, and trace (a b) = trace (b a).''', LIN + '''

module la = mk_linalg_numeric i64

entry transpose_outer [n][m] (xs: [n]i64) (ys: [m]i64) : [m][n]i64 = la.transpose (la.outer xs ys)

entry traces [n] (a: [n][n]i64) (b: [n][n]i64) : (i64, i64, i64) =
  (la.trace a, la.trace (la.matmul a b), la.trace (la.matmul b a))
''', {'transpose_outer': [([val(x, '[]i64'), val(y, '[]i64')], [m2(transpose([[p * q for q in y] for p in x], len(y)), 'i64', len(x)) if y else emptyd('i64', [0, len(x)])])
                          for x, y in [([1, 2], [3]), ([2, -1, 4], [5, 0, 1, 7]), ([6], [1, 2, 3])]],
      'traces': [([m2(a, 'i64'), m2(b, 'i64')], [val(sum(a[i][i] for i in range(len(a))), 'i64'),
                                                   val(sum(matmul(a, b)[i][i] for i in range(len(a))), 'i64'),
                                                   val(sum(matmul(b, a)[i][i] for i in range(len(a))), 'i64')])
                 for a, b in [([[7]], [[-2]]), ([[1, 2], [3, 4]], [[5, 6], [7, 8]]), ([[i * 3 + j for j in range(3)] for i in range(3)], [[(i - j) ** 2 for j in range(3)] for i in range(3)])]]})

def fib_pow(k):
    r = [[1, 0], [0, 1]]
    for _ in range(k):
        r = matmul(r, [[1, 1], [1, 0]])
    return r
prog('lib_linalg_matpow', '''
Matrix powers by repeated squaring in mk_linalg_numeric i64: powers of
[[1,1],[1,0]] hold Fibonacci numbers, and the 0'th power is the
identity.''', LIN + '''

module la = mk_linalg_numeric i64

def main (k: i64) : [2][2]i64 = la.matpow [[1, 1], [1, 0]] k
''', [([val(k, 'i64')], [m2(fib_pow(k), 'i64')]) for k in [0, 1, 2, 7, 50, 90]])

prog('lib_linalg_matpow_u8', '''
The same functor applied to u8: matrix powers whose entries wrap around
at 256, and an identity of a size given at run time.''', LIN + '''

module la = mk_linalg_numeric u8

entry pow3 (k: i64) : [3][3]u8 = la.matpow [[1, 2, 0], [0, 1, 3], [1, 0, 1]] k

entry ident (n: i64) : [n][n]u8 = la.identity n
''', {'pow3': [([val(k, 'i64')], [m2([[x % 256 for x in r] for r in
                  (lambda k: (lambda f: f(f, k))(lambda f, k: [[int(i == j) for j in range(3)] for i in range(3)] if k == 0 else matmul(f(f, k - 1), [[1, 2, 0], [0, 1, 3], [1, 0, 1]])))(k)], 'u8')]) for k in [0, 1, 5, 12]],
      'ident': [([val(n, 'i64')], [m2([[int(i == j) for j in range(n)] for i in range(n)], 'u8', 0)]) for n in [0, 1, 4]]})

SOLVE = [(A1, [2.0]), (A2, [5.0, 6.0]), (A3, [8.0, -11.0, -3.0]), (A4, [1.0, 2.0, 3.0, 4.0]),
         ([[1e-3, 1.0], [1.0, 1.0]], [1.0, 2.0])]
prog('lib_linalg_solve', '''
Linear systems solved by Gauss-Jordan elimination with partial pivoting
in mk_linalg f64, including a matrix whose first pivot is zero and one
that is badly scaled without pivoting.''', LIN + '''

module la = mk_linalg f64

def main [n] (a: [n][n]f64) (b: [n]f64) : [n]f64 = la.solve a b
''', [([m2(a), val(b, '[]f64')], [val(solve(a, b), '[]f64')]) for a, b in SOLVE])

DETS = [A1, A2, A3, A4, [[1.0, 2.0], [2.0, 4.0]], [[0.0, 1.0], [1.0, 0.0]], [[2.0, 0.0, 0.0], [0.0, 3.0, 0.0], [0.0, 0.0, 0.5]]]
prog('lib_linalg_det', '''
Determinants by elimination with partial pivoting (each row swap flips
the sign): a singular matrix, a permutation matrix, a diagonal one, and
the empty matrix, whose determinant is 1.''', LIN + '''

module la = mk_linalg f64

def main [n] (a: [n][n]f64) : f64 = la.det a
''', [([m2(a)], [val(det(a), 'f64')]) for a in DETS] + [([emptyd('f64', [0, 0])], [val(1.0, 'f64')])])

prog('lib_linalg_inv_f32', '''
Inverses with mk_linalg f32, checked also by multiplying back: a times
its inverse is the identity.''', LIN + '''

module la = mk_linalg f32

def main [n] (a: [n][n]f32) : ([n][n]f32, [n][n]f32) =
  let ai = la.inv a
  in (ai, la.matmul a ai)
''', [([m2(a, 'f32')], [m2(inv(a), 'f32'), m2([[float(i == j) for j in range(len(a))] for i in range(len(a))], 'f32')]) for a in [A1, A2, A3, A4]])

prog('lib_linalg_lu', '''
Doolittle LU decomposition of mk_linalg f64: the unit lower and the upper
triangular factors, whose product is the matrix again.''', LIN + '''

module la = mk_linalg f64

def main [n] (a: [n][n]f64) : ([n][n]f64, [n][n]f64, [n][n]f64) =
  let (l, u) = la.lu a
  in (l, u, la.matmul l u)
''', [([m2(a)], [m2(lu(a)[0]), m2(lu(a)[1]), m2(a)]) for a in [A1, A2, A3, [[4.0, 3.0, 2.0, 1.0], [2.0, 5.0, 1.0, 3.0], [1.0, 1.0, 6.0, 2.0], [3.0, 2.0, 1.0, 7.0]]]])

def lsq(xs, ys):
    a = [[1.0, x] for x in xs]
    at = transpose(a)
    return solve(matmul(at, a), [sum(r[i] * y for i, y in enumerate(ys)) for r in at])
prog('lib_linalg_least_squares', '''
A straight line fitted by least squares through the normal equations
(a^T a) c = a^T y, with transpose, matmul, matvec and solve from one
instance of mk_linalg f64, used through a local open la.(...).''', LIN + '''

module la = mk_linalg f64

def main [n] (xs: [n]f64) (ys: [n]f64) : (f64, f64) =
  let a = map (\\x -> [1, x]) xs
  let c = la.(let at = transpose a
              in solve (matmul at a) (matvec at ys))
  in (c[0], c[1])
''', [([val(x, '[]f64'), val(y, '[]f64')], [val(v, 'f64') for v in lsq(x, y)]) for x, y in
      [([0.0, 1.0], [1.0, 3.0]), ([0.0, 1.0, 2.0, 3.0], [1.0, 3.0, 5.0, 7.0]), ([1.0, 2.0, 3.0, 4.0, 5.0], [2.1, 3.9, 6.2, 7.8, 10.1])]])
