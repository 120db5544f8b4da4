"""The applications tier: each application's sizes, input generator,
numpy reference, result tolerance and framework versions (JAX, PyTorch).

Needs numpy only at import; JAX and PyTorch are imported by the functions
that use them, so that the driver runs where they are missing.

An application's inputs are made once per run with numpy (seeded) and given
in the same order to fcc's entry point (Futhark's binary format) and to the
CUDA baseline (raw: the arrays' bytes, native little-endian, one after
another, with the sizes on the command line).
"""

import numpy as np

F32 = np.float32


class App:
    name = ""
    sizes = {}         # "full"/"small" -> dict of size parameters
    outputs = []       # (dtype, shape function of the size dict)
    tol = 1e-3         # relative norm tolerance for floats; 0 = exact
    frameworks = ()    # of "jax", "torch"
    variants = ()      # other .fut programs of the same entry point and
                       # results: extra rows, on the same inputs, against
                       # the same baselines

    def gen(self, p, rng):
        """The inputs, in the entry point's order."""
        raise NotImplementedError

    def cuda_args(self, p):
        """The CUDA program's size arguments (after IN OUT RUNS)."""
        raise NotImplementedError

    def reference(self, p, xs):
        """numpy's results, a list."""
        raise NotImplementedError

    def describe(self, p):
        return " ".join("%s=%s" % kv for kv in p.items())


# ---- LU decomposition ------------------------------------------------------------

class lud(App):
    name = "lud"
    variants = ("lud_blocked",)
    sizes = {"full": {"n": 2048}, "small": {"n": 128}}
    outputs = [(np.float32, lambda p: (p["n"], p["n"]))]

    def gen(self, p, rng):
        n = p["n"]
        # Diagonally dominant, so that no pivoting is needed (as Rodinia's).
        a = rng.random((n, n), dtype=F32) + F32(n) * np.eye(n, dtype=F32)
        return [a]

    def cuda_args(self, p):
        return [p["n"]]

    def reference(self, p, xs):
        a = xs[0].astype(np.float64)
        n = a.shape[0]
        for k in range(n - 1):
            a[k + 1:, k] /= a[k, k]
            a[k + 1:, k + 1:] -= np.outer(a[k + 1:, k], a[k, k + 1:])
        return [a.astype(F32)]


# ---- Needleman-Wunsch ----------------------------------------------------------------

class nw(App):
    name = "nw"
    variants = ("nw_blocked",)
    sizes = {"full": [{"n": 2048, "penalty": 10}, {"n": 4096, "penalty": 10}],
             "small": [{"n": 96, "penalty": 10}, {"n": 224, "penalty": 10}]}
    outputs = [(np.int32, lambda p: (p["n"] + 1, p["n"] + 1))]
    tol = 0

    def gen(self, p, rng):
        n = p["n"]
        # BLOSUM62's range of scores, as Rodinia's reference matrix.
        return [np.int32(p["penalty"]), rng.integers(-4, 12, size=(n, n), dtype=np.int32)]

    def cuda_args(self, p):
        return [p["n"], p["penalty"]]

    def reference(self, p, xs):
        pen, ref = int(xs[0]), xs[1].astype(np.int64)
        n = ref.shape[0]
        s = np.zeros((n + 1, n + 1), dtype=np.int64)
        s[0, :] = -pen * np.arange(n + 1)
        s[:, 0] = -pen * np.arange(n + 1)
        # Anti-diagonals i + j = d, i and j from 1.
        for d in range(2, 2 * n + 1):
            i = np.arange(max(1, d - n), min(n, d - 1) + 1)
            j = d - i
            s[i, j] = np.maximum(s[i - 1, j - 1] + ref[i - 1, j - 1],
                                 np.maximum(s[i, j - 1], s[i - 1, j]) - pen)
        return [s.astype(np.int32)]


# ---- pathfinder -------------------------------------------------------------------------

class pathfinder(App):
    name = "pathfinder"
    sizes = {"full": {"rows": 100, "cols": 100000}, "small": {"rows": 50, "cols": 1000}}
    outputs = [(np.int32, lambda p: (p["cols"],))]
    tol = 0
    frameworks = ("jax", "torch")

    def gen(self, p, rng):
        return [rng.integers(0, 10, size=(p["rows"], p["cols"]), dtype=np.int32)]

    def cuda_args(self, p):
        return [p["rows"], p["cols"]]

    @staticmethod
    def step(xp, cat, src, row, big):
        left = cat([big, src[:-1]])
        right = cat([src[1:], big])
        return row + xp.minimum(src, xp.minimum(left, right))

    def reference(self, p, xs):
        w = xs[0]
        big = np.array([np.iinfo(np.int32).max], dtype=np.int32)
        src = w[0]
        for t in range(1, w.shape[0]):
            src = self.step(np, np.concatenate, src, w[t], big)
        return [src]

    def torch(self, dev):
        import torch

        def f(w):
            big = torch.full((1,), 2**31 - 1, dtype=torch.int32, device=dev)
            src = w[0]
            for t in range(1, w.shape[0]):
                src = self.step(torch, torch.cat, src, w[t], big)
            return src
        return f

    def jax(self):
        import jax
        import jax.numpy as jnp

        def f(w):
            big = jnp.full((1,), 2**31 - 1, dtype=jnp.int32)
            src, _ = jax.lax.scan(lambda s, row: (self.step(jnp, jnp.concatenate, s, row, big), None), w[0], w[1:])
            return src
        return jax.jit(f)


# ---- HotSpot ---------------------------------------------------------------------------------

def hotspot_consts(rows, cols):
    """Rodinia's HotSpot coefficients, in f32 as fcc and the CUDA code
    compute them."""
    f = F32
    max_pd, precision, spec_heat_si, k_si = f(3.0e6), f(0.001), f(1.75e6), f(100)
    factor_chip, t_chip, chip_height, chip_width = f(0.5), f(0.0005), f(0.016), f(0.016)
    gh = chip_height / f(rows)
    gw = chip_width / f(cols)
    cap = factor_chip * spec_heat_si * t_chip * gw * gh
    rx = gw / (f(2) * k_si * t_chip * gh)
    ry = gh / (f(2) * k_si * t_chip * gw)
    rz = t_chip / (k_si * gh * gw)
    max_slope = max_pd / (factor_chip * t_chip * spec_heat_si)
    step = precision / max_slope
    cc = step / cap
    return cc, cc / rx, cc / ry, cc / rz


class hotspot(App):
    name = "hotspot"
    sizes = {"full": {"rows": 1024, "cols": 1024, "steps": 1000},
             "small": {"rows": 48, "cols": 40, "steps": 20}}
    outputs = [(np.float32, lambda p: (p["rows"], p["cols"]))]
    frameworks = ("jax", "torch")

    def gen(self, p, rng):
        r, c = p["rows"], p["cols"]
        temp = F32(300) + F32(20) * rng.random((r, c), dtype=F32)
        power = F32(1e-3) * rng.random((r, c), dtype=F32)
        return [np.int32(p["steps"]), temp, power]

    def cuda_args(self, p):
        return [p["rows"], p["cols"], p["steps"]]

    @staticmethod
    def step(xp, cat, t, pw, cc, cx, cy, cz):
        n = cat([t[:1], t[:-1]], 0)
        s = cat([t[1:], t[-1:]], 0)
        w = cat([t[:, :1], t[:, :-1]], 1)
        e = cat([t[:, 1:], t[:, -1:]], 1)
        return t + cc * pw + (s + n - 2 * t) * cy + (e + w - 2 * t) * cx + (80 - t) * cz

    def reference(self, p, xs):
        steps, t, pw = int(xs[0]), xs[1], xs[2]
        k = hotspot_consts(*t.shape)
        for _ in range(steps):
            t = self.step(np, np.concatenate, t, pw, *k).astype(F32)
        return [t]

    def torch(self, dev):
        import torch

        def f(steps, t, pw):
            k = [float(v) for v in hotspot_consts(*t.shape)]
            for _ in range(int(steps)):
                t = self.step(torch, torch.cat, t, pw, *k)
            return t
        return f

    def jax(self):
        import jax
        import jax.numpy as jnp

        def f(steps, t, pw):
            k = hotspot_consts(*t.shape)
            return jax.lax.fori_loop(0, steps, lambda _, t: self.step(jnp, jnp.concatenate, t, pw, *k), t)
        return jax.jit(f)


# ---- SRAD ------------------------------------------------------------------------------------------

class srad(App):
    name = "srad"
    sizes = {"full": {"rows": 502, "cols": 458, "iters": 100},
             "small": {"rows": 40, "cols": 36, "iters": 10}}
    outputs = [(np.float32, lambda p: (p["rows"], p["cols"]))]
    frameworks = ("jax", "torch")

    def gen(self, p, rng):
        # A noisy image of grey levels in [0, 255), as Rodinia's ultrasound
        # image.
        img = F32(255) * rng.random((p["rows"], p["cols"]), dtype=F32)
        return [np.int32(p["iters"]), np.float32(0.5), img]

    def cuda_args(self, p):
        return [p["rows"], p["cols"], p["iters"]]

    @staticmethod
    def step(xp, cat, j, lam):
        ne = j.shape[0] * j.shape[1]
        mean = j.sum() / ne
        var = (j * j).sum() / ne - mean * mean
        q0 = var / (mean * mean)
        dn = cat([j[:1], j[:-1]], 0) - j
        ds = cat([j[1:], j[-1:]], 0) - j
        dw = cat([j[:, :1], j[:, :-1]], 1) - j
        de = cat([j[:, 1:], j[:, -1:]], 1) - j
        g2 = (dn * dn + ds * ds + dw * dw + de * de) / (j * j)
        lap = (dn + ds + dw + de) / j
        num = 0.5 * g2 - (1.0 / 16.0) * lap * lap
        den = 1 + 0.25 * lap
        q = num / (den * den)
        den = (q - q0) / (q0 * (1 + q0))
        c = xp.clip(1 / (1 + den), 0, 1)
        cs = cat([c[1:], c[-1:]], 0)
        ce = cat([c[:, 1:], c[:, -1:]], 1)
        d = c * dn + cs * ds + c * dw + ce * de
        return j + 0.25 * lam * d

    def reference(self, p, xs):
        iters, lam, img = int(xs[0]), F32(xs[1]), xs[2]
        j = np.exp(img / F32(255))
        for _ in range(iters):
            j = self.step(np, np.concatenate, j, lam).astype(F32)
        return [(np.log(j) * F32(255)).astype(F32)]

    def torch(self, dev):
        import torch

        def f(iters, lam, img):
            j = torch.exp(img / 255)
            for _ in range(int(iters)):
                j = self.step(torch, torch.cat, j, float(lam))
            return torch.log(j) * 255
        return f

    def jax(self):
        import jax
        import jax.numpy as jnp

        def f(iters, lam, img):
            j = jnp.exp(img / 255)
            j = jax.lax.fori_loop(0, iters, lambda _, j: self.step(jnp, jnp.concatenate, j, lam), j)
            return jnp.log(j) * 255
        return jax.jit(f)


# ---- back-propagation -----------------------------------------------------------------------------

ETA = 0.3
MOMENTUM = 0.3


class backprop(App):
    name = "backprop"
    sizes = {"full": {"n": 65536, "hidden": 16}, "small": {"n": 1000, "hidden": 16}}
    outputs = [(np.float32, lambda p: (p["n"] + 1, p["hidden"])),
               (np.float32, lambda p: (p["hidden"] + 1, 1))]
    frameworks = ("jax", "torch")

    def gen(self, p, rng):
        n, h = p["n"], p["hidden"]
        x = rng.random(n, dtype=F32)
        w1 = F32(0.02) * rng.random((n + 1, h), dtype=F32) - F32(0.01)
        w2 = rng.random((h + 1, 1), dtype=F32) - F32(0.5)
        target = np.array([0.1], dtype=F32)
        return [x, w1, w2, target]

    def cuda_args(self, p):
        return [p["n"], p["hidden"]]

    @staticmethod
    def train(xp, cat, x, w1, w2, target):
        """One training step of a 2-layer network, Rodinia's bpnn_train
        with zero previous weight changes: the new weights."""
        one = xp.ones_like(x[:1])
        l1 = cat([one, x])
        hid = 1 / (1 + xp.exp(-(l1 @ w1)))
        l2 = cat([one, hid])
        out = 1 / (1 + xp.exp(-(l2 @ w2)))
        d_out = out * (1 - out) * (target - out)
        d_hid = hid * (1 - hid) * (w2[1:] @ d_out)
        w2n = w2 + ETA * l2[:, None] * d_out[None, :]
        w1n = w1 + ETA * l1[:, None] * d_hid[None, :]
        return w1n, w2n

    def reference(self, p, xs):
        w1, w2 = self.train(np, np.concatenate, *[x.astype(np.float64) for x in xs])
        return [w1.astype(F32), w2.astype(F32)]

    def torch(self, dev):
        import torch
        return lambda x, w1, w2, t: self.train(torch, torch.cat, x, w1, w2, t)

    def jax(self):
        import jax
        import jax.numpy as jnp
        return jax.jit(lambda x, w1, w2, t: self.train(jnp, jnp.concatenate, x, w1, w2, t))


# ---- molecular dynamics ------------------------------------------------------------------------------

class md(App):
    name = "md"
    sizes = {"full": {"nx": 64, "ny": 64, "nz": 32, "m": 64, "steps": 10},
             "small": {"nx": 8, "ny": 8, "nz": 6, "m": 16, "steps": 3}}
    outputs = [(np.float32, lambda p: (p["nx"] * p["ny"] * p["nz"],))] * 3

    def describe(self, p):
        return "n=%d m=%d steps=%d" % (p["nx"] * p["ny"] * p["nz"], p["m"], p["steps"])

    def gen(self, p, rng):
        nx, ny, nz, m = p["nx"], p["ny"], p["nz"], p["m"]
        n = nx * ny * nz
        # Particles on a jittered lattice of spacing 1; each one's
        # neighbours drawn among the sites at most 2 steps away in each
        # direction, all within the cutoff radius 4 (the sites wrap around
        # at the lattice's faces, and such pairs lie beyond the cutoff: no
        # periodic images, so they count for nothing).
        idx = np.arange(n)
        cx, cy, cz = idx // (ny * nz), (idx // nz) % ny, idx % nz
        pos = [(c + F32(0.2) * (rng.random(n, dtype=F32) - F32(0.5))).astype(F32) for c in (cx, cy, cz)]
        offs = np.array([(a, b, c) for a in range(-2, 3) for b in range(-2, 3) for c in range(-2, 3)
                         if (a, b, c) != (0, 0, 0)])
        pick = np.argsort(rng.random((n, len(offs))), axis=1)[:, :m]
        o = offs[pick]
        neigh = (((cx[:, None] + o[..., 0]) % nx) * ny * nz + ((cy[:, None] + o[..., 1]) % ny) * nz
                 + (cz[:, None] + o[..., 2]) % nz).astype(np.int32)
        vel = [F32(0.1) * (rng.random(n, dtype=F32) - F32(0.5)) for _ in range(3)]
        return [np.int32(p["steps"])] + pos + vel + [neigh]

    def cuda_args(self, p):
        return [p["nx"] * p["ny"] * p["nz"], p["m"], p["steps"]]

    def reference(self, p, xs):
        steps = int(xs[0])
        x, y, z, vx, vy, vz = [a.astype(np.float64) for a in xs[1:7]]
        nb = xs[7]
        for _ in range(steps):
            dx, dy, dz = x[:, None] - x[nb], y[:, None] - y[nb], z[:, None] - z[nb]
            r2 = dx * dx + dy * dy + dz * dz
            ok = (r2 < 16) & (r2 > 0)
            r2i = np.where(ok, 1 / np.where(ok, r2, 1), 0)
            r6 = r2i ** 3
            f = r2i * r6 * (1.5 * r6 - 2)
            vx = vx + 0.001 * (dx * f).sum(1)
            vy = vy + 0.001 * (dy * f).sum(1)
            vz = vz + 0.001 * (dz * f).sum(1)
            x, y, z = x + 0.001 * vx, y + 0.001 * vy, z + 0.001 * vz
        return [a.astype(F32) for a in (x, y, z)]


# ---- breadth-first search --------------------------------------------------------------------------------

class bfs(App):
    name = "bfs"
    variants = ("bfs_frontier", "bfs_bitmap")
    sizes = {"full": {"n": 1 << 20, "edges": 3 << 20}, "small": {"n": 2000, "edges": 2500}}
    outputs = [(np.int32, lambda p: (p["n"],))]
    tol = 0

    def gen(self, p, rng):
        # An undirected random graph (each edge in both directions, as
        # Rodinia's graph1MW), in compressed rows: each node's first edge
        # and degree, and the edges' destinations.
        n, e = p["n"], p["edges"]
        u = rng.integers(0, n, size=e)
        v = rng.integers(0, n, size=e)
        src = np.concatenate([u, v])
        dst = np.concatenate([v, u])
        order = np.argsort(src, kind="stable")
        src, dst = src[order], dst[order]
        deg = np.bincount(src, minlength=n)
        start = np.concatenate([[0], np.cumsum(deg)[:-1]])
        return [start.astype(np.int32), deg.astype(np.int32), dst.astype(np.int32), np.int32(0)]

    def cuda_args(self, p):
        return [p["n"], 2 * p["edges"]]

    def reference(self, p, xs):
        start, deg, dst, s = xs
        n = len(start)
        cost = np.full(n, -1, dtype=np.int32)
        cost[s] = 0
        front = np.array([s])
        level = 0
        src_of = np.repeat(np.arange(n), deg)
        while len(front):
            mask = np.zeros(n, dtype=bool)
            mask[front] = True
            nxt = dst[mask[src_of]]
            nxt = np.unique(nxt[cost[nxt] < 0])
            level += 1
            cost[nxt] = level
            front = nxt
        return [cost]


APPS = [lud(), nw(), pathfinder(), hotspot(), srad(), backprop(), md(), bfs()]
BY_NAME = {a.name: a for a in APPS}


def size_list(app, which):
    s = app.sizes[which]
    return s if isinstance(s, list) else [s]
