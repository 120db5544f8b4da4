"""Tests of the applications tier's Python side: each numpy reference
against a plain loop written from the application's definition (the
references decide the .fut programs' expected outputs), the driver's
comparison, and its reading of raw CUDA output.

    /usr/bin/python3 -m unittest discover -s bench/apps -p 'test_*.py'
"""

import collections
import os
import sys
import tempfile
import unittest

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(HERE, "..", "baselines")]

import apps  # noqa: E402
import apps_run  # noqa: E402


def inputs(name, p, seed=3):
    return apps.BY_NAME[name].gen(p, np.random.default_rng(seed))


class References(unittest.TestCase):
    def test_lud_factors(self):
        for n in [1, 5, 40]:
            p = {"n": n}
            (a,) = inputs("lud", p)
            (lu,) = apps.BY_NAME["lud"].reference(p, [a])
            lower = np.tril(lu.astype(np.float64), -1) + np.eye(n)
            upper = np.triu(lu.astype(np.float64))
            np.testing.assert_allclose(lower @ upper, a, rtol=1e-5, err_msg="n=%d" % n)

    def test_nw_against_loops(self):
        for n, pen in [(1, 10), (7, 3), (30, 10)]:
            p = {"n": n, "penalty": pen}
            xs = inputs("nw", p)
            ref = xs[1]
            s = [[0] * (n + 1) for _ in range(n + 1)]
            for i in range(n + 1):
                s[i][0] = -i * pen
                s[0][i] = -i * pen
            for i in range(1, n + 1):
                for j in range(1, n + 1):
                    s[i][j] = max(s[i - 1][j - 1] + int(ref[i - 1, j - 1]), s[i][j - 1] - pen, s[i - 1][j] - pen)
            (got,) = apps.BY_NAME["nw"].reference(p, xs)
            np.testing.assert_array_equal(got, np.array(s), err_msg="n=%d" % n)

    def test_pathfinder_against_loops(self):
        for rows, cols in [(1, 4), (2, 1), (6, 9)]:
            p = {"rows": rows, "cols": cols}
            (w,) = inputs("pathfinder", p)
            src = [int(v) for v in w[0]]
            for t in range(1, rows):
                src = [int(w[t, j]) + min(src[max(j - 1, 0):j + 2]) for j in range(cols)]
            (got,) = apps.BY_NAME["pathfinder"].reference(p, [w])
            np.testing.assert_array_equal(got, src, err_msg="%dx%d" % (rows, cols))

    def test_hotspot_against_loops(self):
        p = {"rows": 5, "cols": 4, "steps": 3}
        steps, t, pw = inputs("hotspot", p)
        cc, cx, cy, cz = [float(v) for v in apps.hotspot_consts(5, 4)]
        t = t.astype(np.float64)
        for _ in range(3):
            nt = t.copy()
            for i in range(5):
                for j in range(4):
                    n, s = t[max(i - 1, 0), j], t[min(i + 1, 4), j]
                    w, e = t[i, max(j - 1, 0)], t[i, min(j + 1, 3)]
                    nt[i, j] = (t[i, j] + cc * pw[i, j] + (s + n - 2 * t[i, j]) * cy
                                + (e + w - 2 * t[i, j]) * cx + (80 - t[i, j]) * cz)
            t = nt
        (got,) = apps.BY_NAME["hotspot"].reference(p, [steps, *inputs("hotspot", p)[1:]])
        np.testing.assert_allclose(got, t, rtol=1e-5)

    def test_srad_against_loops(self):
        p = {"rows": 4, "cols": 3, "iters": 2}
        iters, lam, img = inputs("srad", p)
        j = np.exp(img.astype(np.float64) / 255)
        r, c = j.shape
        for _ in range(2):
            mean = j.mean()
            q0 = (np.mean(j * j) - mean * mean) / (mean * mean)
            d = np.zeros((r, c, 4))
            coef = np.zeros((r, c))
            for i in range(r):
                for k in range(c):
                    jc = j[i, k]
                    d[i, k] = [j[max(i - 1, 0), k] - jc, j[min(i + 1, r - 1), k] - jc,
                               j[i, max(k - 1, 0)] - jc, j[i, min(k + 1, c - 1)] - jc]
                    g2 = (d[i, k] ** 2).sum() / (jc * jc)
                    lap = d[i, k].sum() / jc
                    q = (0.5 * g2 - lap * lap / 16) / (1 + 0.25 * lap) ** 2
                    coef[i, k] = min(1, max(0, 1 / (1 + (q - q0) / (q0 * (1 + q0)))))
            nj = j.copy()
            for i in range(r):
                for k in range(c):
                    dn, ds, dw, de = d[i, k]
                    div = coef[i, k] * (dn + dw) + coef[min(i + 1, r - 1), k] * ds + coef[i, min(k + 1, c - 1)] * de
                    nj[i, k] = j[i, k] + 0.25 * float(lam) * div
            j = nj
        (got,) = apps.BY_NAME["srad"].reference(p, [iters, lam, img])
        np.testing.assert_allclose(got, np.log(j) * 255, rtol=1e-4)

    def test_backprop_against_loops(self):
        p = {"n": 7, "hidden": 3}
        x, w1, w2, target = inputs("backprop", p)
        sig = lambda v: 1 / (1 + np.exp(-v))  # noqa: E731
        l1 = [1.0] + [float(v) for v in x]
        hid = [sig(sum(l1[k] * float(w1[k, j]) for k in range(8))) for j in range(3)]
        l2 = [1.0] + hid
        out = sig(sum(l2[k] * float(w2[k, 0]) for k in range(4)))
        d_out = out * (1 - out) * (float(target[0]) - out)
        d_hid = [hid[j] * (1 - hid[j]) * float(w2[j + 1, 0]) * d_out for j in range(3)]
        want1 = [[float(w1[k, j]) + 0.3 * d_hid[j] * l1[k] for j in range(3)] for k in range(8)]
        want2 = [[float(w2[k, 0]) + 0.3 * d_out * l2[k]] for k in range(4)]
        got1, got2 = apps.BY_NAME["backprop"].reference(p, [x, w1, w2, target])
        np.testing.assert_allclose(got1, want1, rtol=1e-6)
        np.testing.assert_allclose(got2, want2, rtol=1e-6)

    def test_md_neighbours_within_cutoff(self):
        p = {"nx": 5, "ny": 6, "nz": 7, "m": 10, "steps": 2}
        xs = inputs("md", p)
        x, y, z, nb = xs[1], xs[2], xs[3], xs[7]
        n = 5 * 6 * 7
        self.assertEqual(nb.shape, (n, 10))
        self.assertTrue(np.all((nb >= 0) & (nb < n)))
        self.assertFalse(np.any(nb == np.arange(n)[:, None]), "a particle is its own neighbour")
        # Away from the periodic wrap, every neighbour lies within the cutoff.
        r2 = (x[:, None] - x[nb]) ** 2 + (y[:, None] - y[nb]) ** 2 + (z[:, None] - z[nb]) ** 2
        inner = (np.abs(x[:, None] - x[nb]) < 2.5) & (np.abs(y[:, None] - y[nb]) < 2.5) & (np.abs(z[:, None] - z[nb]) < 2.5)
        self.assertTrue(np.all(r2[inner] < 16))
        # One step by hand for particle 0.
        steps, px, py, pz, vx, vy, vz, _ = [a.astype(np.float64) if a.ndim else a for a in xs]
        f = np.zeros(3)
        for j in nb[0]:
            d = np.array([px[0] - px[j], py[0] - py[j], pz[0] - pz[j]])
            r = d @ d
            if 0 < r < 16:
                f += d * (1 / r) * (1 / r) ** 3 * (1.5 * (1 / r) ** 3 - 2)
        v0 = np.array([vx[0], vy[0], vz[0]]) + 0.001 * f
        want = np.array([px[0], py[0], pz[0]]) + 0.001 * v0
        one = dict(p, steps=1)
        got = apps.BY_NAME["md"].reference(one, [np.int32(1)] + list(xs[1:]))
        np.testing.assert_allclose([g[0] for g in got], want, rtol=1e-6)

    def test_bfs_against_queue(self):
        for n, e in [(1, 0), (10, 8), (300, 400)]:
            p = {"n": n, "edges": e}
            start, deg, dst, s = inputs("bfs", p)
            adj = [dst[start[u]:start[u] + deg[u]] for u in range(n)]
            for u in range(n):  # undirected
                for v in adj[u]:
                    self.assertIn(u, adj[v])
            cost = [-1] * n
            cost[s] = 0
            q = collections.deque([int(s)])
            while q:
                u = q.popleft()
                for v in adj[u]:
                    if cost[v] < 0:
                        cost[v] = cost[u] + 1
                        q.append(int(v))
            (got,) = apps.BY_NAME["bfs"].reference(p, [start, deg, dst, s])
            np.testing.assert_array_equal(got, cost, err_msg="n=%d" % n)


class Driver(unittest.TestCase):
    def test_every_program_is_an_application_or_a_variant(self):
        # build.sh compiles every .fut here and the driver runs those it
        # knows: a program that is neither would be built and never run.
        progs = {f[:-4] for f in os.listdir(HERE) if f.endswith(".fut")}
        known = {a.name for a in apps.APPS} | {v for a in apps.APPS for v in a.variants}
        self.assertEqual(progs, known)

    def test_compare(self):
        a = np.ones((3, 4), np.float32)
        b = a.copy()
        b[1, 2] = 1.1
        i = np.arange(5, dtype=np.int32)
        cases = [
            ([a], [a], 1e-3, None),
            ([b], [a], 1e-1, None),
            ([b], [a], 1e-3, "relative error"),
            ([np.full((3, 4), np.nan, np.float32)], [a], 1e-3, "non-finite"),
            ([a[:2]], [a], 1e-3, "shape"),
            ([i], [i], 0, None),
            ([i + (i == 3)], [i], 0, "1 of 5 elements differ (first at flat index 3"),
            ([a], [a, a], 1e-3, "1 results, expected 2"),
        ]
        for got, want, tol, err in cases:
            msg = apps_run.compare(got, want, tol)
            if err is None:
                self.assertIsNone(msg)
            else:
                self.assertIn(err, msg or "")

    def test_read_raw(self):
        app = apps.BY_NAME["backprop"]
        p = {"n": 3, "hidden": 2}
        w1 = np.arange(8, dtype=np.float32).reshape(4, 2)
        w2 = np.arange(3, dtype=np.float32).reshape(3, 1)
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, "out.raw")
            with open(path, "wb") as f:
                f.write(w1.tobytes() + w2.tobytes())
            got = apps_run.read_raw(path, app.outputs, p)
            np.testing.assert_array_equal(got[0], w1)
            np.testing.assert_array_equal(got[1], w2)
            with open(path, "wb") as f:
                f.write(w1.tobytes())
            with self.assertRaisesRegex(ValueError, "expected at least"):
                apps_run.read_raw(path, app.outputs, p)


if __name__ == "__main__":
    unittest.main()
