from core import *
import cmath

CPX = 'import "lib/github.com/fcclang/complex/complex"'

def c_sqrt(z):
    return cmath.rect(math.sqrt(abs(z)), math.atan2(z.imag, z.real) / 2)
def c_log(z):
    return complex(math.log(abs(z)), math.atan2(z.imag, z.real))
def c_pow(z, w):
    return 0j if z == 0 else cmath.exp(w * c_log(z))

def cf(z, t='f64'):
    return [val(z.real, t), val(z.imag, t)]

PAIRS = [(1 + 2j, 3 - 1j), (0.5 + 0j, 0 + 0.25j), (-2 - 3j, -1.5 + 4j), (1e3 + 1e-3j, 7 + 7j)]
prog('lib_complex_arith', '''
Arithmetic of mk_complex f64: sum, difference, product and quotient, each
returned as its real and imaginary parts.''', CPX + '''

module c64 = mk_complex f64

def parts (z: c64.complex) : (f64, f64) = (c64.re z, c64.im z)

def main (a: f64) (b: f64) (c: f64) (d: f64) =
  let z = c64.mk a b
  let w = c64.mk c d
  let (sr, si) = parts (z c64.+ w)
  let (dr, di) = parts (z c64.- w)
  let (pr, pi) = parts (z c64.* w)
  let (qr, qi) = parts (z c64./ w)
  -- A flat tuple: an entry point's nested tuples would be opaque values.
  in (sr, si, dr, di, pr, pi, qr, qi)
''', [([val(z.real, 'f64'), val(z.imag, 'f64'), val(w.real, 'f64'), val(w.imag, 'f64')],
       cf(z + w) + cf(z - w) + cf(z * w) + cf(z / w)) for z, w in PAIRS])

ZS = [3 + 4j, -1 + 0j, 0 + 2j, -1 - 1j, 0.3 - 2.5j]
prog('lib_complex_polar_f32', '''
mk_complex f32: magnitude and argument of numbers in all four quadrants,
and back with from_polar.''', CPX + '''

module c32 = mk_complex f32

def main [n] (re: [n]f32) (im: [n]f32) : ([n]f32, [n]f32, [n]f32, [n]f32) =
  let zs = map2 c32.mk re im
  let back = map (\\z -> c32.from_polar (c32.mag z) (c32.arg z)) zs
  in (map c32.mag zs, map c32.arg zs, map c32.re back, map c32.im back)
''', [([val([z.real for z in zs], '[]f32'), val([z.imag for z in zs], '[]f32')],
       [val([abs(z) for z in zs], '[]f32'), val([math.atan2(z.imag, z.real) for z in zs], '[]f32'),
        val([z.real for z in zs], '[]f32'), val([z.imag for z in zs], '[]f32')]) for zs in [[], [1 + 0j], ZS]])

prog('lib_complex_exp_log', '''
The complex exponential and principal logarithm of mk_complex f64, and
exp (log z) = z.''', CPX + '''

module c64 = mk_complex f64

def main (a: f64) (b: f64) : (f64, f64, f64, f64, f64, f64) =
  let z = c64.mk a b
  let e = c64.exp z
  let l = c64.log z
  let back = c64.exp l
  in (c64.re e, c64.im e, c64.re l, c64.im l, c64.re back, c64.im back)
''', [([val(z.real, 'f64'), val(z.imag, 'f64')],
       cf(cmath.exp(z)) + cf(c_log(z)) + cf(z)) for z in [1 + 0j, 0 + math.pi * 1j, -2 + 0.5j, 0.25 - 3j, -1 - 1j]])

prog('lib_complex_sqrt_pow', '''
Principal square roots and powers of mk_complex f64, with zero to any
power being zero.''', CPX + '''

module c64 = mk_complex f64

def main (a: f64) (b: f64) (c: f64) (d: f64) : (f64, f64, f64, f64) =
  let z = c64.mk a b
  let s = c64.sqrt z
  let p = z c64.** c64.mk c d
  in (c64.re s, c64.im s, c64.re p, c64.im p)
''', [([val(z.real, 'f64'), val(z.imag, 'f64'), val(w.real, 'f64'), val(w.imag, 'f64')],
       cf(c_sqrt(z)) + cf(c_pow(z, w))) for z, w in [(4 + 0j, 2 + 0j), (-4 + 0j, 0.5 + 0j), (0j, 3 + 1j), (3 - 4j, 1 + 1j), (-1 + 0j, 0 + 1j)]])

def mandel(c, limit):
    z = 0j
    for i in range(limit):
        d = z.real * z.real + z.imag * z.imag
        assert abs(d - 4) > 1e-9
        if d > 4:
            return i
        z = complex(z.real * z.real - z.imag * z.imag + c.real, z.real * z.imag + z.imag * z.real + c.imag)
    return limit
def mgrid(w, h, limit):
    return [[mandel(complex(-2.25 + 3.0 * x / w, -1.3 + 2.6 * y / h), limit) for x in range(w)] for y in range(h)]
prog('lib_complex_mandelbrot', '''
Escape times of the Mandelbrot iteration on a small grid, with complex
arithmetic from mk_complex f64 inside a local open, c64.(z * z + c).''', CPX + '''

module c64 = mk_complex f64

def escape (limit: i32) (c: c64.complex) : i32 =
  let (_, i, _) =
    loop (z, i, go) = (c64.zero, 0, true) while go && i < limit do
      let (a, b) = z
      in if a * a + b * b > 4 then (z, i, false)
         else (c64.(z * z + c), i + 1, true)
  in i

def main (w: i64) (h: i64) (limit: i32) : [h][w]i32 =
  tabulate_2d h w (\\y x ->
    escape limit (c64.mk (-2.25 + 3.0 * f64.i64 x / f64.i64 w)
                         (-1.3 + 2.6 * f64.i64 y / f64.i64 h)))
''', [([val(w, 'i64'), val(h, 'i64'), val(l, 'i32')], [val(mgrid(w, h, l), '[][]i32') if h > 0 and w > 0 else emptyd('i32', [h, w])])
      for w, h, l in [(1, 1, 10), (5, 3, 20), (12, 7, 30)]])

def dft(xs):
    n = len(xs)
    return [sum(x * cmath.exp(complex(0, -2 * math.pi * j * k / n)) for j, x in enumerate(xs)) for k in range(n)]
prog('lib_complex_dft', '''
Discrete Fourier transform of a real signal by the O(n^2) sum, with
complex numbers from mk_complex f64.''', CPX + '''

module c64 = mk_complex f64

def dft [n] (xs: [n]f64) : [n]c64.complex =
  let w (k: i64) (j: i64) =
    c64.exp (c64.mk_im (-2 * f64.pi * f64.i64 (j * k) / f64.i64 n))
  in map (\\k -> c64.sum (map2 (\\j x -> c64.scale x (w k j)) (iota n) xs)) (iota n)

def main (xs: []f64) : ([]f64, []f64) =
  let f = dft xs
  in (map c64.re f, map c64.im f)
''', [([val(xs, '[]f64')], [val([z.real for z in dft(xs)], '[]f64'), val([z.imag for z in dft(xs)], '[]f64')])
      for xs in [[], [2.0], [1.0, 0.0, 0.0, 0.0], [1.0, 2.0, 3.0], [0.5, -1.0, 2.0, 0.0, 1.5]]])

def horner(cs, z):
    acc = 0j
    for c in reversed(cs):
        acc = acc * z + c
    return acc
POLY = [complex(1, 0), complex(0, 2), complex(-1, 1)]
prog('lib_complex_poly', '''
A polynomial with complex coefficients evaluated at many points by
Horner's rule, the loop body written as c64.(acc * z + c).''', CPX + '''

module c64 = mk_complex f64

def eval [k] (cs: [k]c64.complex) (z: c64.complex) : c64.complex =
  loop acc = c64.zero for c in reverse cs do c64.(acc * z + c)

def main [k][n] (cre: [k]f64) (cim: [k]f64) (zre: [n]f64) (zim: [n]f64) : ([n]f64, [n]f64) =
  let cs = map2 c64.mk cre cim
  let ys = map (eval cs) (map2 c64.mk zre zim)
  in (map c64.re ys, map c64.im ys)
''', [([val([c.real for c in cs], '[]f64'), val([c.imag for c in cs], '[]f64'), val([z.real for z in zs], '[]f64'), val([z.imag for z in zs], '[]f64')],
       [val([horner(cs, z).real for z in zs], '[]f64'), val([horner(cs, z).imag for z in zs], '[]f64')])
      for cs, zs in [([], [1 + 1j]), (POLY, []), (POLY, [0j, 1 + 0j, 1j, -0.5 + 2j]), ([complex(i, -i) for i in range(6)], [0.3 - 0.7j, 1.1 + 0j])]])

def roots_case(n):
    rs = [cmath.rect(1, 2 * math.pi * k / n) for k in range(n)]
    s = sum(rs)
    p = 1 + 0j
    for r in rs:
        p *= r
    return ([val(n, 'i64')], cf(s) + cf(p))
prog('lib_complex_roots_of_unity', '''
The n'th roots of unity: their sum (zero for n > 1) and their product
((-1)^(n+1)), from from_polar, sum and a reduction with the module's
multiplication operator.''', CPX + '''

module c64 = mk_complex f64

def main (n: i64) : (f64, f64, f64, f64) =
  let roots = map (\\k -> c64.from_polar 1 (2 * f64.pi * f64.i64 k / f64.i64 n)) (iota n)
  let s = c64.sum roots
  let p = reduce (c64.*) c64.one roots
  in (c64.re s, c64.im s, c64.re p, c64.im p)
''', [roots_case(n) for n in [1, 2, 3, 5, 8]])

prog('mod_complex_abstract', '''
mk_complex ascribed to the module type complex with only the real type
refined: the complex type is abstract, so the program builds and reads
numbers only through mk, re and im, and keeps them in arrays.''', CPX + '''

module C : complex with real = f64 = mk_complex f64

def norm_sq (z: C.complex) : f64 = C.re z * C.re z + C.im z * C.im z

def main [n] (re: [n]f64) (im: [n]f64) : (f64, f64, [n]f64) =
  let zs : [n]C.complex = map2 C.mk re im
  let prod = reduce (C.*) C.one zs
  in (C.re prod, C.im prod, map norm_sq (map C.conj zs))
''', [([val([z.real for z in zs], '[]f64'), val([z.imag for z in zs], '[]f64')],
       cf(math.prod(zs, start=1 + 0j)) + [val([abs(z) ** 2 for z in zs], '[]f64')]) for zs in [[], [2 - 1j], [1 + 1j, 1 - 1j, 0.5j], [complex(i * 0.25, 1 - i * 0.5) for i in range(7)]]])
