#!/usr/bin/python3
"""Times fcc executables on PoCL against numpy, side by side in one run.

Usage: bench.py BINDIR [--runs R] [--rounds K] [--n N]

BINDIR holds sum, scan, segsum, segscan and saxpy built by fcc from this folder's
programs. For every case the script writes the input in Futhark's binary
format, runs the executable with -r R -t FILE (the executable's own timing
of each run, in microseconds, excluding the upload of the input), and times
numpy's operation R times; it repeats this K rounds, alternating fcc and
numpy, and prints the medians of all runs of each, their ratio and the load.
"""
import argparse, os, statistics, struct, subprocess, sys, tempfile, time
import numpy as np


def fut_binary(*arrays):
    """Values in Futhark's binary data format."""
    out = b""
    for a in arrays:
        a = np.asarray(a)
        code = {np.float32: b" f32"}[a.dtype.type]
        out += b"b" + bytes([2, a.ndim]) + code
        out += b"".join(struct.pack("<q", d) for d in a.shape)
        out += np.ascontiguousarray(a).astype("<f4").tobytes()
    return out


def time_fcc(exe, data, runs, tmp):
    tfile = os.path.join(tmp, "t.txt")
    res = subprocess.run([exe, "-r", str(runs), "-t", tfile, "-b"], input=data,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if res.returncode != 0:
        sys.exit(f"{exe}: {res.stderr.decode()}")
    with open(tfile) as f:
        return [int(l) / 1e3 for l in f if l.strip()]


def time_numpy(fn, runs):
    ts = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t0) * 1e3)
    return ts


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bindir")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--n", type=int, default=10**7)
    ap.add_argument("--only", default="")
    a = ap.parse_args()
    n = a.n
    rng = np.random.default_rng(1)
    xs = rng.random(n, dtype=np.float32)
    ys = rng.random(n, dtype=np.float32)
    alpha = np.float32(2.5)
    cases = [("sum", "sum", (xs,), lambda: np.sum(xs)),
             ("scan", "scan", (xs,), lambda: np.cumsum(xs))]
    for rowlen in (10, 1000, 100000):
        m = xs.reshape(n // rowlen, rowlen)
        cases.append((f"segsum rows of {rowlen}", "segsum", (m,),
                      lambda m=m: m.sum(axis=1)))
    for rowlen in (1000, 100000):
        m = xs.reshape(n // rowlen, rowlen)
        cases.append((f"segscan rows of {rowlen}", "segscan", (m,),
                      lambda m=m: np.cumsum(m, axis=1)))
    cases.append(("saxpy", "saxpy", (alpha, xs, ys), lambda: alpha * xs + ys))
    if a.only:
        cases = [c for c in cases if c[1] in a.only.split(",")]
    print(f"load: {os.getloadavg()}  n = {n}")
    print(f"{'case':24} {'fcc ms':>9} {'numpy ms':>9} {'ratio':>6}")
    with tempfile.TemporaryDirectory() as tmp:
        for label, prog, args, fn in cases:
            data = b""
            for x in args:
                data += fut_binary(x) if np.ndim(x) else b"b\x02\x00 f32" + struct.pack("<f", x)
            fcc, nump = [], []
            for _ in range(a.rounds):
                fcc += time_fcc(os.path.join(a.bindir, prog), data, a.runs, tmp)
                nump += time_numpy(fn, a.runs)
            f, p = statistics.median(fcc), statistics.median(nump)
            print(f"{label:24} {f:9.2f} {p:9.2f} {f / p:6.2f}", flush=True)
    print(f"load: {os.getloadavg()}")


main()
