#!/usr/bin/env python3
"""Writes the data sets of tests/programs/tile_*.fut: inputs with small
integer values (so that f32/f64 results are exact) and the expected
outputs, computed here in plain Python, independently of fcc.

Run from this directory: python3 gen.py
"""

import gzip
import math

F32_INF = "f32.inf"


def lit(x, t):
    if t in ("f32", "f64"):
        if x == math.inf:
            return t + ".inf"
        return "%r%s" % (float(x), t)
    return "%d%s" % (x, t)


def arr(xs, t, shape):
    """Futhark text for a nested list xs of the given shape."""
    if 0 in shape:
        return "empty(%s%s)" % ("".join("[%d]" % d for d in shape), t)
    def go(v, depth):
        if depth == len(shape):
            return lit(v, t)
        return "[" + ", ".join(go(e, depth + 1) for e in v) + "]"
    return go(xs, 0)


def mat(n, k, seed, lo=-4, hi=4):
    span = hi - lo + 1
    return [[lo + ((i * 7 + j * 13 + seed * 5 + i * j * seed) % span) for j in range(k)] for i in range(n)]


def write(name, text):
    # Gzipped, with no time stamp, so that rerunning gives the same bytes.
    with open(name + ".gz", "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as f:
            f.write((text + "\n").encode())


# Sizes (n, k, m): edges of every tile size (1, 7, 33, 65, 130), k = 0,
# a k that is not a multiple of the slab depth, one row, one column,
# sizes big enough for the 128x128 blocks, and one whose rows are
# aligned for 4-wide loads (k and m multiples of 4, m of 128).
SIZES = [(1, 1, 1), (7, 7, 7), (33, 17, 65), (130, 33, 65), (65, 130, 7),
         (1, 9, 300), (300, 5, 1), (20, 0, 20), (257, 40, 130), (129, 8, 131),
         (130, 36, 256)]


def matmul(a, b, n, k, m, red, ne, f):
    out = []
    for i in range(n):
        row = []
        for j in range(m):
            acc = ne
            for q in range(k):
                acc = red(acc, f(a[i][q], b[q][j]))
            row.append(acc)
        out.append(row)
    return out


def transpose(b, k, m):
    return [[b[q][j] for q in range(k)] for j in range(m)]


for idx, (n, k, m) in enumerate(SIZES):
    a = mat(n, k, 1)
    b = mat(k, m, 2)
    # f32 matmul.
    write("tile_matmul_f32_%d.in" % idx, arr(a, "f32", [n, k]) + "\n" + arr(b, "f32", [k, m]))
    write("tile_matmul_f32_%d.out" % idx, arr(matmul(a, b, n, k, m, lambda x, y: x + y, 0, lambda x, y: x * y), "f32", [n, m]))
    # min-plus (tropical) product.
    write("tile_minplus_%d.out" % idx, arr(matmul(a, b, n, k, m, min, math.inf, lambda x, y: x + y), "f32", [n, m]))
    # f64 with an epilogue: 2 * (a . b) + 1.
    c = matmul(a, b, n, k, m, lambda x, y: x + y, 0, lambda x, y: x * y)
    write("tile_matmul_f64_%d.in" % idx, arr(a, "f64", [n, k]) + "\n" + arr(b, "f64", [k, m]))
    write("tile_matmul_f64_%d.out" % idx, arr([[2 * x + 1 for x in r] for r in c], "f64", [n, m]))
    # i32 A . B^T with two reductions (sum and maximum of the products).
    bt = transpose(b, k, m)
    write("tile_abt_i32_%d.in" % idx, arr(a, "i32", [n, k]) + "\n" + arr(bt, "i32", [m, k]))
    sums = matmul(a, b, n, k, m, lambda x, y: x + y, 0, lambda x, y: x * y)
    maxs = matmul(a, b, n, k, m, max, -2**31, lambda x, y: x * y)
    write("tile_abt_i32_%d.out" % idx, arr(sums, "i32", [n, m]) + "\n" + arr(maxs, "i32", [n, m]))
    # k-means distances: squared Euclidean distance of every point (row
    # of a) to every centre (row of b^T).
    d = [[sum((a[i][q] - bt[j][q]) ** 2 for q in range(k)) for j in range(m)] for i in range(n)]
    write("tile_dist_%d.out" % idx, arr(d, "f32", [n, m]))

# 1-D: n-body-like sums over the whole array.
for idx, n in enumerate([1, 7, 255, 256, 300, 513, 1000]):
    xs = [((i * 37) % 23) - 11 for i in range(n)]
    ws = [((i * 11) % 5) + 1 for i in range(n)]
    write("tile_nbody_%d.in" % idx, arr(xs, "i64", [n]) + "\n" + arr(ws, "i64", [n]))
    # out[i] = 3 * sum_j ws[j] * (xs[i] - xs[j])^2 + xs[i]
    out = [3 * sum(ws[j] * (xs[i] - xs[j]) ** 2 for j in range(n)) + xs[i] for i in range(n)]
    write("tile_nbody_%d.out" % idx, arr(out, "i64", [n]))
    fx = [float(x) for x in xs]
    write("tile_nbody_f32_%d.in" % idx, arr(fx, "f32", [n]))
    # out[i] = sum_j 1 / (1 + (x_i - x_j)^2)
    outf = [sum(1.0 / (1.0 + (fx[i] - fx[j]) ** 2) for j in range(n)) for i in range(n)]
    write("tile_nbody_f32_%d.out" % idx, arr(outf, "f32", [n]))
