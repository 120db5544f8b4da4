"""The baseline worker: a process of its own (so that a hung or crashed
framework costs one data set, not the run) that imports the frameworks once,
measures the hardware limits, and runs the baselines of one data set at a
time, timing them and checking their results against fcc's.

Protocol over a multiprocessing Pipe: the worker first sends
{"ready": versions}; then for each request dict it sends one reply dict;
None ends it.
"""

import gc
import math
import os
import statistics
import sys
import time
import traceback

import numpy as np

import futdata
import suite


def main(conn, log_path, frameworks):
    log = open(log_path, "a", buffering=1)
    os.dup2(log.fileno(), 1)
    os.dup2(log.fileno(), 2)
    sys.stdout = sys.stderr = log
    print("worker %d: loading %s" % (os.getpid(), ",".join(frameworks)), flush=True)
    mods = {"torch.compile": "torch"}
    versions = suite.load({mods.get(f, f) for f in frameworks})
    if "numpy" in frameworks:
        versions["numpy"] = np.__version__
    print("worker: versions %s" % versions, flush=True)
    conn.send({"ready": versions})
    while True:
        req = conn.recv()
        if req is None:
            break
        try:
            if req["op"] == "limits":
                rep = limits()
            else:
                rep = run(req)
        except BaseException as e:  # noqa: BLE001
            rep = {"error": "%s: %s" % (type(e).__name__, e), "trace": traceback.format_exc()}
        print("worker: reply %s" % {k: v for k, v in rep.items() if k != "trace"}, flush=True)
        conn.send(rep)
        cleanup()


def cleanup():
    gc.collect()
    if suite.torch is not None and suite.DEVICE == "cuda":
        suite.torch.cuda.empty_cache()
    if suite.cp is not None:
        suite.cp.get_default_memory_pool().free_all_blocks()


# ---- hardware limits ----------------------------------------------------------

def limits():
    """Device-to-device copy bandwidth (bytes read plus written per second)
    and f32 matrix product rate (cuBLAS SGEMM, TF32 off), with CUDA events,
    medians of repeated runs after warm-ups."""
    torch = suite.torch
    if torch is None or suite.DEVICE != "cuda":
        return {"error": "no torch: no hardware limits measured"}
    out = {"gpu": torch.cuda.get_device_name(0),
           "sms": torch.cuda.get_device_properties(0).multi_processor_count}

    def timed(f, reps):
        for _ in range(3):
            f()
        ts = []
        for _ in range(reps):
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record()
            f()
            b.record()
            b.synchronize()
            ts.append(a.elapsed_time(b) / 1e3)
        return statistics.median(ts)

    n = 1 << 28  # 1 GiB of f32
    src = torch.rand(n, device="cuda")
    dst = torch.empty_like(src)
    t = timed(lambda: dst.copy_(src), 20)
    out["copy_bytes_per_s"] = 2 * 4 * n / t
    del src, dst
    torch.backends.cuda.matmul.allow_tf32 = False
    m = 8192
    a = torch.randn(m, m, device="cuda")
    b = torch.randn(m, m, device="cuda")
    t = timed(lambda: torch.mm(a, b), 10)
    out["sgemm_flops_per_s"] = 2 * m ** 3 / t
    out["sgemm_tf32"] = bool(torch.backends.cuda.matmul.allow_tf32)
    return out


# ---- one data set --------------------------------------------------------------

def to_device(fw, x):
    if x.ndim == 0:
        return x.item()
    if fw == "numpy":
        return x
    if fw == "jax":
        return suite.jax.device_put(x)
    if fw in ("torch", "torch.compile"):
        if x.dtype == np.uint32:  # torch has few uint32 operations: same bits as int32
            x = x.view(np.int32)
        return suite.torch.from_numpy(x).to(suite.DEVICE)
    if fw == "cupy":
        return suite.cp.asarray(x)
    raise ValueError(fw)


def to_host(fw, out):
    outs = out if isinstance(out, (tuple, list)) else (out,)
    res = []
    for o in outs:
        if fw in ("torch", "torch.compile"):
            o = o.detach().cpu().numpy()
        elif fw == "cupy":
            o = suite.cp.asnumpy(o)
        res.append(np.asarray(o))
    return res


def sync(fw, out):
    if fw == "jax":
        suite.jax.block_until_ready(out)
    elif fw in ("torch", "torch.compile"):
        if suite.DEVICE == "cuda":
            suite.torch.cuda.synchronize()
    elif fw == "cupy":
        suite.cp.cuda.Device().synchronize()


def make(bench, fw):
    if fw == "torch.compile":
        return bench.torch_compile()
    f = getattr(bench, fw, None)
    return f() if f else None


def time_fn(fw, f, args, runs, seconds):
    """Runs f warm-up times, then up to runs timed runs (at least 3, fewer
    than runs when they would take more than seconds); each timed run is
    host time from a synchronised start to a synchronised end, as fcc's -t
    measures. Returns (median seconds, all times, first warm-up seconds,
    output)."""
    sync(fw, None)
    t0 = time.perf_counter()
    out = f(*args)
    sync(fw, out)
    first = time.perf_counter() - t0
    last = first
    if fw != "numpy":
        del out
        t0 = time.perf_counter()
        out = f(*args)
        sync(fw, out)
        last = time.perf_counter() - t0
    n = runs if fw != "numpy" else 1
    n = max(min(n, 3), min(n, int(seconds / max(last, 1e-9))))
    times = []
    for _ in range(n):
        del out
        sync(fw, None)
        t0 = time.perf_counter()
        out = f(*args)
        sync(fw, out)
        times.append(time.perf_counter() - t0)
    return statistics.median(times), times, first, out


def compare(got, ref, tol, int_tol):
    """Relative error of got against ref (lists of arrays): for floats the
    norm of the difference over the norm of ref (NaN or infinity where ref
    has none counts as infinite error); for integers the fraction of
    differing elements. Returns (error, ok, message)."""
    if len(got) != len(ref):
        return math.inf, False, "%d results, expected %d" % (len(got), len(ref))
    worst, ok, msgs = 0.0, True, []
    for i, (g, r) in enumerate(zip(got, ref)):
        g, r = np.asarray(g), np.asarray(r)
        if g.shape != r.shape:
            return math.inf, False, "result %d has shape %s, expected %s" % (i, g.shape, r.shape)
        if g.dtype.kind == "f" or r.dtype.kind == "f":
            g64, r64 = g.astype(np.float64), r.astype(np.float64)
            bad = np.isfinite(r64) & ~np.isfinite(g64)
            if bad.any():
                err = math.inf
                msgs.append("result %d: %d non-finite elements" % (i, int(bad.sum())))
            else:
                fin = np.isfinite(r64)
                d = np.linalg.norm((g64 - r64)[fin])
                nr = np.linalg.norm(r64[fin])
                err = float(d / nr) if nr > 0 else float(d)
            limit = tol
        else:
            err = float(np.mean(g.astype(np.int64) != r.astype(np.int64))) if g.size else 0.0
            limit = int_tol
        if err > limit:
            ok = False
        worst = max(worst, err)
    return worst, ok, "; ".join(msgs)


def run(req):
    """Runs the baselines of one data set. req: bench, input (a file of
    Futhark binary values), fcc_output (a file, or None), frameworks,
    runs, seconds (time allowed per baseline's timed runs), compile
    (whether torch.compile may run). Reply: per framework its median time,
    its error against fcc's result (or against the first baseline's when
    fcc has none), and the data set's metrics."""
    bench = suite.get(req["bench"])
    args_np = futdata.read_file(req["input"])
    ref = futdata.read_file(req["fcc_output"]) if req.get("fcc_output") else None
    ref_from = "fcc" if ref is not None else None
    rep = {"baselines": {}}
    for fw in req["frameworks"]:
        if fw == "torch.compile" and not req.get("compile", True):
            rep["baselines"][fw] = {"skipped": "torch.compile time budget spent"}
            continue
        mod = {"torch.compile": "torch"}.get(fw, fw)
        if mod != "numpy" and getattr(suite, {"jax": "jax", "torch": "torch", "cupy": "cp"}[mod]) is None:
            continue
        r = rep["baselines"][fw] = {}
        try:
            f = make(bench, fw)
            if f is None:
                del rep["baselines"][fw]
                continue
            args = [to_device(fw, a) for a in args_np]
            med, times, first, out = time_fn(fw, f, args, req["runs"], req["seconds"])
            r.update(time_s=med, times_s=times, first_s=first)
            host = to_host(fw, out)
            del out, args
            if ref is None:
                ref, ref_from = host, fw
                r["reference"] = True
            else:
                err, ok, msg = compare(host, ref, bench.tol, bench.int_tol)
                r.update(err=err, ok=ok)
                if msg:
                    r["note"] = msg
        except BaseException as e:  # noqa: BLE001
            r["error"] = "%s: %s" % (type(e).__name__, str(e)[:2000])
            print(traceback.format_exc(), flush=True)
        finally:
            cleanup()
    rep["reference"] = ref_from
    try:
        rep["metrics"] = bench.metrics(args_np, ref)
    except Exception as e:  # noqa: BLE001
        rep["metrics"] = {}
        rep["metrics_error"] = str(e)
    return rep
