"""The benchmark suite's baselines: for every program in bench/programs, the
same computation in the frameworks a user would pick instead, and what the
computation must at least move and compute.

Each benchmark is a class named after its program. Its methods:
  numpy()          a CPU reference (float64 where it matters): small runs only
  jax()            a function on jax arrays, jit-compiled
  torch()          a function on torch tensors, eager
  torch_compile()  the same through torch.compile (None where it does not pay
                   or compiles too slowly)
  cupy()           a function on cupy arrays, with CuPy element-wise kernels
                   where a CUDA programmer would write one
  metrics(args, out)  {'bytes': fewest bytes moved, 'flops': operations}
  special(i, gen, shape, rng)  optional: inputs other than uniform [0,1)
Each returns a callable taking the entry point's arguments (arrays on the
framework's device, scalars as Python numbers) and returning one array or a
tuple of arrays, as the fcc program does. A missing method means no such
baseline. Frameworks are imported by load() on the GPU machine only.
"""

import math
import os

import numpy as np

jax = jnp = torch = cp = None  # set by load()
# torch's device: "cuda"; "cpu" only to test the harness on a machine
# without a GPU.
DEVICE = os.environ.get("FCC_BENCH_TORCH_DEVICE", "cuda")

F32 = np.float32


def load(names):
    """Imports the frameworks in names that are installed; returns
    {name: version or error text}."""
    global jax, jnp, torch, cp
    got = {}
    if "jax" in names:
        try:
            import jax as _jax
            import jax.numpy as _jnp
            _jax.config.update("jax_default_matmul_precision", "highest")
            if DEVICE == "cuda" and _jax.default_backend() != "gpu":
                raise RuntimeError("JAX runs on %s, not a GPU" % _jax.default_backend())
            jax, jnp = _jax, _jnp
            got["jax"] = _jax.__version__ + " " + str(_jax.devices()[0])
        except Exception as e:  # noqa: BLE001
            got["jax"] = "unavailable: %s" % e
    if "torch" in names:
        try:
            import torch as _torch
            _torch.backends.cuda.matmul.allow_tf32 = False
            _torch.backends.cudnn.allow_tf32 = False
            _torch.set_float32_matmul_precision("highest")
            if DEVICE == "cuda" and not _torch.cuda.is_available():
                raise RuntimeError("no CUDA device")
            torch = _torch
            got["torch"] = _torch.__version__ + " " + (
                _torch.cuda.get_device_name(0) if DEVICE == "cuda" else DEVICE)
        except Exception as e:  # noqa: BLE001
            got["torch"] = "unavailable: %s" % e
    if "cupy" in names:
        try:
            import cupy as _cp
            _cp.cuda.runtime.getDeviceCount()
            cp = _cp
            got["cupy"] = _cp.__version__
        except Exception as e:  # noqa: BLE001
            got["cupy"] = "unavailable: %s" % e
    return got


# ---- helpers --------------------------------------------------------------

_kernels = {}


def ew(name, params, outs, body, preamble=""):
    """A cached cupy.ElementwiseKernel."""
    k = _kernels.get(name)
    if k is None:
        k = cp.ElementwiseKernel(params, outs, body, name, preamble=preamble)
        _kernels[name] = k
    return k


def num(xp):
    """How a formula writes constants for array module xp: numpy float32
    scalars for numpy (so numpy stays in float32), Python floats for the
    others (weakly typed, so float32 arrays stay float32)."""
    return F32 if xp is np else float


def tcompile(f):
    return torch.compile(f, dynamic=False)


class Bench:
    tol = 1e-3          # relative error (norm-wise) allowed against the reference
    int_tol = 0.0       # fraction of differing elements allowed for integer results
    compile_torch = False

    def special(self, i, gen, shape, rng):
        return None

    def torch_compile(self):
        if not self.compile_torch:
            return None
        return tcompile(self.torch())


# ---- memory-bound vector kernels ------------------------------------------

class sum(Bench):  # noqa: A001
    def metrics(self, a, out):
        n = a[0].size
        return dict(bytes=4 * n, flops=n)

    def numpy(self):
        return lambda x: np.float32(np.sum(x, dtype=np.float64))

    def jax(self):
        return jax.jit(lambda x: jnp.sum(x))

    def torch(self):
        return lambda x: torch.sum(x)

    def cupy(self):
        return lambda x: cp.sum(x)


class scan(Bench):
    def metrics(self, a, out):
        n = a[0].size
        return dict(bytes=8 * n, flops=n)

    def numpy(self):
        return lambda x: np.cumsum(x, dtype=np.float64).astype(F32)

    def jax(self):
        return jax.jit(lambda x: jnp.cumsum(x))

    def torch(self):
        return lambda x: torch.cumsum(x, 0)

    def cupy(self):
        return lambda x: cp.cumsum(x)


class iscan(scan):
    """The i32 scan; the sums wrap around in every framework (numpy and
    CuPy would widen to int64 without the dtype)."""

    def numpy(self):
        return lambda x: np.cumsum(x, dtype=np.int32)

    def jax(self):
        return jax.jit(lambda x: jnp.cumsum(x, dtype=jnp.int32))

    def torch(self):
        return lambda x: torch.cumsum(x, 0, dtype=torch.int32)

    def cupy(self):
        return lambda x: cp.cumsum(x, dtype=cp.int32)


class saxpy(Bench):
    def metrics(self, a, out):
        n = a[1].size
        return dict(bytes=12 * n, flops=2 * n)

    def numpy(self):
        return lambda a, x, y: F32(a) * x + y

    def jax(self):
        return jax.jit(lambda a, x, y: a * x + y)

    def torch(self):
        return lambda a, x, y: torch.add(y, x, alpha=a)

    def torch_compile(self):
        return tcompile(lambda a, x, y: a * x + y)

    def cupy(self):
        k = ew("saxpy", "float32 a, float32 x, float32 y", "float32 z", "z = a * x + y")
        return lambda a, x, y: k(F32(a), x, y)


class transpose(Bench):
    tol = 0.0

    def metrics(self, a, out):
        return dict(bytes=8 * a[0].size, flops=0)

    def numpy(self):
        return lambda x: np.ascontiguousarray(x.T)

    def jax(self):
        return jax.jit(lambda x: x.T)

    def torch(self):
        return lambda x: x.t().contiguous()

    def cupy(self):
        return lambda x: cp.ascontiguousarray(x.T)


class dot(Bench):
    def metrics(self, a, out):
        n = a[0].size
        return dict(bytes=8 * n, flops=2 * n)

    def numpy(self):
        return lambda x, y: np.float32(np.dot(x.astype(np.float64), y))

    def jax(self):
        return jax.jit(lambda x, y: jnp.dot(x, y, precision="highest"))

    def torch(self):
        return lambda x, y: torch.dot(x, y)

    def torch_compile(self):
        return tcompile(lambda x, y: (x * y).sum())

    def cupy(self):
        return lambda x, y: cp.dot(x, y)


class asum(Bench):
    compile_torch = True

    def metrics(self, a, out):
        n = a[0].size
        return dict(bytes=4 * n, flops=3 * n)

    def numpy(self):
        return lambda x: np.float32(np.sum(np.abs(x.astype(np.float64) - 0.5)))

    def jax(self):
        return jax.jit(lambda x: jnp.sum(jnp.abs(x - 0.5)))

    def torch(self):
        return lambda x: torch.sum(torch.abs(x - 0.5))

    def cupy(self):
        k = _kernels.get("asum")
        if k is None:
            k = _kernels["asum"] = cp.ReductionKernel(
                "float32 x", "float32 y", "fabsf(x - 0.5f)", "a + b", "y = a", "0", "asum")
        return lambda x: k(x)


class gemv(Bench):
    def metrics(self, a, out):
        m, n = a[0].shape
        return dict(bytes=4 * (m * n + n + m), flops=2 * m * n)

    def numpy(self):
        return lambda a, x: (a.astype(np.float64) @ x).astype(F32)

    def jax(self):
        return jax.jit(lambda a, x: jnp.dot(a, x, precision="highest"))

    def torch(self):
        return lambda a, x: torch.mv(a, x)

    def cupy(self):
        return lambda a, x: a @ x


class matmul(Bench):
    def metrics(self, a, out):
        n, k = a[0].shape
        m = a[1].shape[1]
        return dict(bytes=4 * (n * k + k * m + n * m), flops=2 * n * k * m)

    def numpy(self):
        return lambda a, b: (a.astype(np.float64) @ b).astype(F32)

    def jax(self):
        return jax.jit(lambda a, b: jnp.dot(a, b, precision="highest"))

    def torch(self):  # cuBLAS SGEMM, TF32 off (load() sets it)
        return lambda a, b: torch.mm(a, b)

    def cupy(self):  # cuBLAS too; CUPY_TF32 unset or 0 keeps TF32 off
        return lambda a, b: cp.matmul(a, b)


# ---- Black-Scholes ----------------------------------------------------------

def _bs(xp, s0, k0, t0):
    """The program's formulas over an array module (numpy, jax.numpy,
    torch, cupy)."""
    F = num(xp)
    r, v = F(0.02), F(0.30)
    s = F(5) + F(25) * s0
    x = F(1) + F(99) * k0
    t = F(0.25) + F(9.75) * t0
    sqrt_t = xp.sqrt(t)
    d1 = (xp.log(s / x) + (r + F(0.5) * v * v) * t) / (v * sqrt_t)
    d2 = d1 - v * sqrt_t

    def cnd(d):
        k = F(1) / (F(1) + F(0.2316419) * xp.abs(d))
        c = (F(0.39894228040143267793994605993438) * xp.exp(F(-0.5) * d * d)
             * (k * (F(0.31938153) + k * (F(-0.356563782) + k * (F(1.781477937)
                + k * (F(-1.821255978) + k * F(1.330274429)))))))
        return xp.where(d > 0, F(1) - c, c)

    cnd1, cnd2 = cnd(d1), cnd(d2)
    exp_rt = xp.exp(-r * t)
    call = s * cnd1 - x * exp_rt * cnd2
    put = x * exp_rt * (F(1) - cnd2) - s * (F(1) - cnd1)
    return call, put


_BS_CUDA = """
__device__ float cnd(float d) {
  const float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  const float c = 0.39894228040143267793994605993438f * expf(-0.5f * d * d)
    * (k * (0.31938153f + k * (-0.356563782f + k * (1.781477937f
       + k * (-1.821255978f + k * 1.330274429f)))));
  return d > 0 ? 1.0f - c : c;
}
"""


class blackscholes(Bench):
    compile_torch = True

    def metrics(self, a, out):
        n = a[0].size
        return dict(bytes=20 * n, flops=0)

    def numpy(self):
        return lambda s, k, t: _bs(np, s, k, t)

    def jax(self):
        return jax.jit(lambda s, k, t: _bs(jnp, s, k, t))

    def torch(self):
        return lambda s, k, t: _bs(torch, s, k, t)

    def cupy(self):
        k = ew("blackscholes", "float32 s0, float32 k0, float32 t0", "float32 call, float32 put", """
          const float r = 0.02f, v = 0.30f;
          float s = 5.0f + 25.0f * s0, x = 1.0f + 99.0f * k0, t = 0.25f + 9.75f * t0;
          float sqrt_t = sqrtf(t);
          float d1 = (logf(s / x) + (r + 0.5f * v * v) * t) / (v * sqrt_t);
          float d2 = d1 - v * sqrt_t;
          float cnd1 = cnd(d1), cnd2 = cnd(d2);
          float exp_rt = expf(-r * t);
          call = s * cnd1 - x * exp_rt * cnd2;
          put = x * exp_rt * (1.0f - cnd2) - s * (1.0f - cnd1);
        """, preamble=_BS_CUDA)
        return lambda s, kk, t: k(s, kk, t)


# ---- molecular dynamics with neighbour lists -------------------------------

def _md(xp, take, xs, ys, zs, neigh):
    F = num(xp)
    CUTSQ, LJ1, LJ2 = F(16), F(1.5), F(2)
    n = xs.shape[0]
    j = (neigh & 0x7FFFFFFF) % n
    dx = xs[:, None] - take(xs, j)
    dy = ys[:, None] - take(ys, j)
    dz = zs[:, None] - take(zs, j)
    r2 = dx * dx + dy * dy + dz * dz
    inside = (r2 < CUTSQ) & (r2 > 0)
    r2inv = F(1) / xp.where(inside, r2, F(1))
    r6inv = r2inv * r2inv * r2inv
    f = xp.where(inside, r2inv * r6inv * (LJ1 * r6inv - LJ2), F(0))
    return (dx * f).sum(1), (dy * f).sum(1), (dz * f).sum(1)


class md(Bench):
    compile_torch = True
    spread = 2  # neighbours within this many lattice steps in each direction

    def special(self, i, gen, shape, rng):
        n = shape[0]
        side = max(1, round(n ** (1 / 3)))
        idx = np.arange(n, dtype=np.int64)
        if i < 3:  # jittered lattice coordinate along axis i
            coord = [idx % side, (idx // side) % side, idx // (side * side)][i]
            return (coord + 0.4 * (rng.random(n, dtype=np.float32) - 0.5)).astype(F32)
        m = shape[1]
        s = self.spread
        offs = np.array([dx + side * dy + side * side * dz
                         for dx in range(-s, s + 1) for dy in range(-s, s + 1)
                         for dz in range(-s, s + 1) if (dx, dy, dz) != (0, 0, 0)], dtype=np.int64)
        out = np.empty((n, m), dtype=np.int32)
        step = 1 << 16
        for a in range(0, n, step):
            b = min(n, a + step)
            pick = offs[rng.integers(0, len(offs), size=(b - a, m))]
            out[a:b] = (idx[a:b, None] + pick) % n
        return out

    def metrics(self, a, out):
        n, m = a[3].shape
        return dict(bytes=12 * n + 4 * n * m + 12 * n, flops=0)

    def numpy(self):
        def f(xs, ys, zs, neigh):
            r = _md(np, lambda v, j: v[j], xs, ys, zs, neigh)
            return tuple(np.asarray(v, dtype=F32) for v in r)
        return f

    def jax(self):
        return jax.jit(lambda *a: _md(jnp, lambda v, j: v[j], *a))

    def torch(self):
        # index_select takes the int32 indices as they are
        return lambda *a: _md(torch, lambda v, j: torch.index_select(v, 0, j.reshape(-1)).reshape(j.shape), *a)

    def cupy(self):
        k = ew("md", "raw float32 xs, raw float32 ys, raw float32 zs, raw int32 neigh, int64 n, int64 m",
               "float32 fx, float32 fy, float32 fz", """
          float xi = xs[i], yi = ys[i], zi = zs[i];
          float ax = 0.0f, ay = 0.0f, az = 0.0f;
          for (long long jj = 0; jj < m; jj++) {
            long long j = (long long)(neigh[i * m + jj] & 0x7fffffff) % n;
            float dx = xi - xs[j], dy = yi - ys[j], dz = zi - zs[j];
            float r2 = dx * dx + dy * dy + dz * dz;
            if (r2 < 16.0f && r2 > 0.0f) {
              float r2inv = 1.0f / r2;
              float r6inv = r2inv * r2inv * r2inv;
              float f = r2inv * r6inv * (1.5f * r6inv - 2.0f);
              ax += dx * f; ay += dy * f; az += dz * f;
            }
          }
          fx = ax; fy = ay; fz = az;
        """)

        def f(xs, ys, zs, neigh):
            n, m = neigh.shape
            fx, fy, fz = (cp.empty(n, dtype=cp.float32) for _ in range(3))
            k(xs, ys, zs, neigh, n, m, fx, fy, fz)
            return fx, fy, fz
        return f


# ---- Mandelbrot ---------------------------------------------------------------

def _mandel_grid(xp, h, w):
    F = num(xp)
    if xp is torch:
        x = torch.arange(w, device=DEVICE, dtype=torch.float32)
        y = torch.arange(h, device=DEVICE, dtype=torch.float32)
    else:
        x = xp.arange(w, dtype=xp.float32)
        y = xp.arange(h, dtype=xp.float32)
    cr = F(-2.25) + F(3) * x / F(w)
    ci = F(-1.5) + F(3) * y / F(h)
    return cr[None, :], ci[:, None]


class mandelbrot(Bench):
    int_tol = 0.02  # pixels whose count differs (rounding near the set's border)

    def metrics(self, a, out):
        h, w = int(a[0]), int(a[1])
        iters = float(np.sum(out[0], dtype=np.float64)) if out else h * w * 20.0
        return dict(bytes=4 * h * w, flops=7 * iters)

    def numpy(self):
        def f(h, w, limit):
            cr, ci = _mandel_grid(np, h, w)
            zr = np.zeros((h, w), F32)
            zi = np.zeros((h, w), F32)
            cnt = np.zeros((h, w), np.int32)
            for _ in range(limit):
                active = zr * zr + zi * zi < 4
                nzr = zr * zr - zi * zi + cr
                nzi = F32(2) * zr * zi + ci
                zr = np.where(active, nzr, zr)
                zi = np.where(active, nzi, zi)
                cnt += active
            return cnt
        return f

    def jax(self):
        def f(h, w, limit):
            cr, ci = _mandel_grid(jnp, h, w)

            def body(_, st):
                zr, zi, cnt = st
                active = zr * zr + zi * zi < 4
                nzr = zr * zr - zi * zi + cr
                nzi = 2 * zr * zi + ci
                return (jnp.where(active, nzr, zr), jnp.where(active, nzi, zi),
                        cnt + active.astype(jnp.int32))
            z = jnp.zeros((h, w), jnp.float32)
            return jax.lax.fori_loop(0, limit, body, (z, z, jnp.zeros((h, w), jnp.int32)))[2]
        return jax.jit(f, static_argnums=(0, 1))

    def torch(self):
        def f(h, w, limit):
            cr, ci = _mandel_grid(torch, h, w)
            zr = torch.zeros((h, w), device=DEVICE)
            zi = torch.zeros((h, w), device=DEVICE)
            cnt = torch.zeros((h, w), dtype=torch.int32, device=DEVICE)
            for _ in range(limit):
                active = zr * zr + zi * zi < 4
                nzr = zr * zr - zi * zi + cr
                nzi = 2 * zr * zi + ci
                zr = torch.where(active, nzr, zr)
                zi = torch.where(active, nzi, zi)
                cnt += active
            return cnt
        return f

    def cupy(self):
        k = ew("mandelbrot", "int64 h, int64 w, int32 limit", "int32 out", """
          long long y = i / w, x = i % w;
          float cr = -2.25f + 3.0f * (float)x / (float)w;
          float ci = -1.5f + 3.0f * (float)y / (float)h;
          float zr = 0.0f, zi = 0.0f;
          int it = 0;
          while (it < limit && zr * zr + zi * zi < 4.0f) {
            float nzr = zr * zr - zi * zi + cr;
            zi = 2.0f * zr * zi + ci;
            zr = nzr;
            it++;
          }
          out = it;
        """)

        def f(h, w, limit):
            out = cp.empty((h, w), dtype=cp.int32)
            k(h, w, limit, out)
            return out
        return f


# ---- n-body -------------------------------------------------------------------

def _nbody_rows(xp, xi, yi, zi, xs, ys, zs, ms):
    F = num(xp)
    dx = xs[None, :] - xi[:, None]
    dy = ys[None, :] - yi[:, None]
    dz = zs[None, :] - zi[:, None]
    r2 = dx * dx + dy * dy + dz * dz + F(0.01)
    inv = F(1) / xp.sqrt(r2)
    s = ms[None, :] * inv * inv * inv
    return (dx * s).sum(1), (dy * s).sum(1), (dz * s).sum(1)


class nbody(Bench):
    block = 1024

    def metrics(self, a, out):
        n = a[0].size
        return dict(bytes=16 * n + 12 * n, flops=20 * n * n)

    def numpy(self):
        def f(xs, ys, zs, ms):
            parts = [_nbody_rows(np, xs[i:i + 256], ys[i:i + 256], zs[i:i + 256], xs, ys, zs, ms)
                     for i in range(0, xs.size, 256)]
            return tuple(np.concatenate([p[c] for p in parts]).astype(F32) for c in range(3))
        return f

    def jax(self):
        def f(xs, ys, zs, ms):
            n = xs.shape[0]
            b = math.gcd(n, self.block)
            blocks = (xs.reshape(-1, b), ys.reshape(-1, b), zs.reshape(-1, b))
            ax, ay, az = jax.lax.map(lambda r: _nbody_rows(jnp, *r, xs, ys, zs, ms), blocks)
            return ax.reshape(n), ay.reshape(n), az.reshape(n)
        return jax.jit(f)

    def _torch(self, rows):
        def f(xs, ys, zs, ms):
            n = xs.shape[0]
            b = math.gcd(n, self.block)
            parts = [rows(xs[i:i + b], ys[i:i + b], zs[i:i + b], xs, ys, zs, ms) for i in range(0, n, b)]
            return tuple(torch.cat([p[c] for p in parts]) for c in range(3))
        return f

    def torch(self):
        return self._torch(lambda *a: _nbody_rows(torch, *a))

    def torch_compile(self):
        return self._torch(tcompile(lambda *a: _nbody_rows(torch, *a)))

    def cupy(self):
        k = ew("nbody", "raw float32 xs, raw float32 ys, raw float32 zs, raw float32 ms, int64 n",
               "float32 ax, float32 ay, float32 az", """
          float xi = xs[i], yi = ys[i], zi = zs[i];
          float sx = 0.0f, sy = 0.0f, sz = 0.0f;
          for (long long j = 0; j < n; j++) {
            float dx = xs[j] - xi, dy = ys[j] - yi, dz = zs[j] - zi;
            float r2 = dx * dx + dy * dy + dz * dz + 0.01f;
            float inv = 1.0f / sqrtf(r2);
            float s = ms[j] * inv * inv * inv;
            sx += dx * s; sy += dy * s; sz += dz * s;
          }
          ax = sx; ay = sy; az = sz;
        """)

        def f(xs, ys, zs, ms):
            n = xs.shape[0]
            out = [cp.empty(n, dtype=cp.float32) for _ in range(3)]
            k(xs, ys, zs, ms, n, *out)
            return tuple(out)
        return f


# ---- k-means ----------------------------------------------------------------------

class kmeans(Bench):
    def metrics(self, a, out):
        k, iters = int(a[0]), int(a[1])
        n, d = a[2].shape
        return dict(bytes=iters * 4 * n * d, flops=iters * (3 * n * k * d + n * d))

    def numpy(self):
        def f(k, iters, points):
            n, d = points.shape
            c = points[:k].copy()
            for _ in range(iters):
                dist = ((points[:, None, :] - c[None, :, :]) ** 2).sum(2)
                mem = np.argmin(dist, axis=1)
                counts = np.bincount(mem, minlength=k)
                sums = np.zeros((k, d), F32)
                np.add.at(sums, mem, points)
                c = (sums / np.maximum(counts, 1)[:, None].astype(F32)).astype(F32)
            return c
        return f

    def jax(self):
        def f(k, iters, points):
            n, d = points.shape

            def body(_, c):
                dist = jnp.sum((points[:, None, :] - c[None, :, :]) ** 2, axis=2)
                mem = jnp.argmin(dist, axis=1)
                counts = jnp.bincount(mem, length=k)
                sums = jax.ops.segment_sum(points, mem, num_segments=k)
                return sums / jnp.maximum(counts, 1)[:, None].astype(jnp.float32)
            return jax.lax.fori_loop(0, iters, body, points[:k])
        return jax.jit(f, static_argnums=(0,))

    def torch(self):
        def f(k, iters, points):
            n, d = points.shape
            c = points[:k].clone()
            for _ in range(iters):
                dist = ((points[:, None, :] - c[None, :, :]) ** 2).sum(2)
                mem = torch.argmin(dist, dim=1)
                counts = torch.bincount(mem, minlength=k)
                sums = torch.zeros((k, d), device=points.device).index_add_(0, mem, points)
                c = sums / counts.clamp(min=1)[:, None].to(torch.float32)
            return c
        return f


# ---- histogram -------------------------------------------------------------------

class histogram(Bench):
    # The data sets' bin counts are powers of two, so x % bins == x & (bins-1);
    # torch gets the u32 data as int32 of the same bits.
    def metrics(self, a, out):
        bins, n = int(a[0]), a[1].size
        return dict(bytes=4 * n + 4 * bins, flops=n)

    def numpy(self):
        return lambda bins, x: np.bincount(x % np.uint32(bins), minlength=bins).astype(np.int32)

    def jax(self):
        return jax.jit(lambda bins, x: jnp.bincount(x & (bins - 1), length=bins), static_argnums=(0,))

    def torch(self):
        return lambda bins, x: torch.bincount(x & (bins - 1), minlength=bins)

    def cupy(self):
        return lambda bins, x: cp.bincount(x & (bins - 1), minlength=bins)


# ---- HotSpot stencil --------------------------------------------------------------

def _hotspot_consts():
    max_pd, precision, spec_heat_si, k_si = F32(3.0e6), F32(0.001), F32(1.75e6), F32(100)
    factor_chip, t_chip = F32(0.5), F32(0.0005)
    gh = F32(0.016) / F32(1024)
    gw = F32(0.016) / F32(1024)
    cap = factor_chip * spec_heat_si * t_chip * gw * gh
    rx = gw / (F32(2) * k_si * t_chip * gh)
    ry = gh / (F32(2) * k_si * t_chip * gw)
    rz = t_chip / (k_si * gh * gw)
    max_slope = max_pd / (factor_chip * t_chip * spec_heat_si)
    step = precision / max_slope
    cc = step / cap
    return F32(cc), F32(cc / rx), F32(cc / ry), F32(cc / rz)


def _hotspot_step(xp, cat, t, p, cc, cx, cy, cz):
    F = num(xp)
    n = cat([t[:1], t[:-1]], 0)
    s = cat([t[1:], t[-1:]], 0)
    w = cat([t[:, :1], t[:, :-1]], 1)
    e = cat([t[:, 1:], t[:, -1:]], 1)
    return t + cc * p + (s + n - F(2) * t) * cy + (e + w - F(2) * t) * cx + (F(80) - t) * cz


class hotspot(Bench):
    compile_torch = True

    def metrics(self, a, out):
        iters = int(a[0])
        r, c = a[1].shape
        return dict(bytes=iters * 12 * r * c, flops=iters * 15 * r * c)

    def numpy(self):
        def f(iters, t0, p):
            k = _hotspot_consts()
            t = F32(300) + F32(20) * t0
            for _ in range(iters):
                t = _hotspot_step(np, np.concatenate, t, p, *k)
            return t
        return f

    def jax(self):
        def f(iters, t0, p):
            k = _hotspot_consts()
            t = F32(300) + F32(20) * t0
            return jax.lax.fori_loop(0, iters, lambda _, t: _hotspot_step(jnp, jnp.concatenate, t, p, *k), t)
        return jax.jit(f)

    def _torch(self, step):
        def f(iters, t0, p):
            t = 300.0 + 20.0 * t0
            for _ in range(iters):
                t = step(t, p)
            return t
        return f

    def torch(self):
        k = [float(v) for v in _hotspot_consts()]
        return self._torch(lambda t, p: _hotspot_step(torch, torch.cat, t, p, *k))

    def torch_compile(self):
        k = [float(v) for v in _hotspot_consts()]
        return self._torch(tcompile(lambda t, p: _hotspot_step(torch, torch.cat, t, p, *k)))

    def cupy(self):
        k = ew("hotspot", "raw float32 t, float32 p, int64 r, int64 c, float32 cc, float32 cx, float32 cy, float32 cz",
               "float32 o", """
          long long row = i / c, col = i % c;
          float tc = t[i];
          float tn = t[(row > 0 ? row - 1 : 0) * c + col];
          float ts = t[(row < r - 1 ? row + 1 : r - 1) * c + col];
          float tw = t[row * c + (col > 0 ? col - 1 : 0)];
          float te = t[row * c + (col < c - 1 ? col + 1 : c - 1)];
          o = tc + cc * p + (ts + tn - 2.0f * tc) * cy + (te + tw - 2.0f * tc) * cx + (80.0f - tc) * cz;
        """)
        consts = _hotspot_consts()

        def f(iters, t0, p):
            r, c = t0.shape
            t = 300.0 + 20.0 * t0
            o = cp.empty_like(t)
            for _ in range(iters):
                k(t, p, r, c, *consts, o)
                t, o = o, t
            return t
        return f


# ---- tridiagonal solves in a loop ----------------------------------------------------

class tridiag(Bench):
    def metrics(self, a, out):
        steps = int(a[0])
        m, n = a[1].shape
        return dict(bytes=steps * 20 * m * n, flops=steps * 9 * m * n)

    def numpy(self):
        def f(steps, a, b, c, y):
            b = b + F32(3)
            m, n = a.shape
            for _ in range(steps):
                cp_ = np.empty_like(a)
                dp = np.empty_like(a)
                cp_[:, 0] = c[:, 0] / b[:, 0]
                dp[:, 0] = y[:, 0] / b[:, 0]
                for i in range(1, n):
                    mm = F32(1) / (b[:, i] - a[:, i] * cp_[:, i - 1])
                    cp_[:, i] = c[:, i] * mm
                    dp[:, i] = (y[:, i] - a[:, i] * dp[:, i - 1]) * mm
                x = dp.copy()
                for i in range(n - 2, -1, -1):
                    x[:, i] = dp[:, i] - cp_[:, i] * x[:, i + 1]
                y = x
            return y
        return f

    def jax(self):
        def f(steps, a, b, c, y):
            dl = a.at[:, 0].set(0)
            d = b + 3.0
            du = c.at[:, -1].set(0)

            def body(_, y):
                return jax.lax.linalg.tridiagonal_solve(dl, d, du, y[:, :, None])[:, :, 0]
            return jax.lax.fori_loop(0, steps, body, y)
        return jax.jit(f)

    def torch(self):
        def f(steps, a, b, c, y):
            # Column-major copies, so that each step of the sweep is one
            # contiguous vector operation over the batch.
            at, bt, ct = a.t().contiguous(), (b + 3.0).t().contiguous(), c.t().contiguous()
            n = at.shape[0]
            yt = y.t().contiguous()
            for _ in range(steps):
                cpt = torch.empty_like(at)
                dpt = torch.empty_like(at)
                cpt[0] = ct[0] / bt[0]
                dpt[0] = yt[0] / bt[0]
                for i in range(1, n):
                    mm = 1 / (bt[i] - at[i] * cpt[i - 1])
                    cpt[i] = ct[i] * mm
                    dpt[i] = (yt[i] - at[i] * dpt[i - 1]) * mm
                for i in range(n - 2, -1, -1):
                    dpt[i] -= cpt[i] * dpt[i + 1]
                yt = dpt
            return yt.t().contiguous()
        return f

    def cupy(self):
        k = ew("tridiag", "raw float32 a, raw float32 b, raw float32 c, raw float32 y, int64 n",
               "raw float32 x, raw float32 cp", """
          long long base = i * n;
          float b0 = b[base] + 3.0f;
          float cpv = c[base] / b0, dpv = y[base] / b0;
          cp[base] = cpv; x[base] = dpv;
          for (long long k = 1; k < n; k++) {
            float m = 1.0f / (b[base + k] + 3.0f - a[base + k] * cpv);
            cpv = c[base + k] * m;
            dpv = (y[base + k] - a[base + k] * dpv) * m;
            cp[base + k] = cpv; x[base + k] = dpv;
          }
          for (long long k = n - 2; k >= 0; k--)
            x[base + k] = x[base + k] - cp[base + k] * x[base + k + 1];
        """)

        def f(steps, a, b, c, y):
            m, n = a.shape
            scratch = cp.empty_like(a)
            for _ in range(steps):
                x = cp.empty_like(a)
                k(a, b, c, y, n, x, scratch, size=m)
                y = x
            return y
        return f


# ---- segmented sums ---------------------------------------------------------------

class segsum(Bench):
    def metrics(self, a, out):
        m, n = a[0].shape
        return dict(bytes=4 * m * n + 4 * m, flops=m * n)

    def numpy(self):
        return lambda x: x.sum(1, dtype=np.float64).astype(F32)

    def jax(self):
        return jax.jit(lambda x: jnp.sum(x, axis=1))

    def torch(self):
        return lambda x: torch.sum(x, 1)

    def cupy(self):
        return lambda x: cp.sum(x, axis=1)


# The suite in the order it runs: the acceptance criteria's memory-bound
# kernels and matrix product first, the nine segmented-sum shapes last.
ORDER = ["sum", "scan", "iscan", "saxpy", "transpose", "dot", "asum", "gemv", "matmul",
         "blackscholes", "md", "mandelbrot", "nbody", "kmeans", "histogram",
         "hotspot", "tridiag", "segsum"]


def get(name):
    return globals()[name]()
