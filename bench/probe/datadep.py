#!/usr/bin/env python3
"""Does a memory-bound kernel's time depend on the values it moves?

Runs on the GPU machine from the repository root after
`bench/probe/datadep.sh build` here. For 10^8-element vectors of several
value distributions (f32 uniform in [0,1) as the bench's copy limit uses,
f32 normal, i32 non-negative full range as the bench's iscan uses, i32 in
[0,100), zeros) it times, in one process and interleaved over rounds:

- a device-to-device copy (torch, CUDA events),
- torch.cumsum of the same vector,
- fcc's scan of the same vector (the executable's own -t timings, the
  median of 30 runs).

Prints one table: median times and each one's % of the uniform-f32 copy
bandwidth, the limit bench/RESULTS.md divides by.
"""
import os
import statistics
import subprocess
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "baselines"))
from futdata import write_values  # noqa: E402

N = 10**8
ROUNDS = 3
TMP = "/tmp/datadep"


def inputs():
    rng = np.random.default_rng(7)
    return {
        "f32 uniform [0,1)": rng.random(N, dtype=np.float32),
        "f32 normal": rng.standard_normal(N, dtype=np.float32),
        "f32 zeros": np.zeros(N, dtype=np.float32),
        "i32 [0,2^31)": rng.integers(0, 2**31 - 1, N, dtype=np.int32),
        "i32 [0,100)": rng.integers(0, 100, N, dtype=np.int32),
        "i32 zeros": np.zeros(N, dtype=np.int32),
    }


def cuda_time(f, reps=20):
    for _ in range(3):
        f()
    ts = []
    for _ in range(reps):
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        f()
        b.record()
        b.synchronize()
        ts.append(a.elapsed_time(b) * 1e3)
    return statistics.median(ts)


def fcc_time(exe, path):
    t = os.path.join(TMP, "t.txt")
    with open(path, "rb") as fi, open(os.devnull, "wb") as fo:
        subprocess.run([exe, "-b", "-p", "NVIDIA", "-r", "30", "-t", t], stdin=fi, stdout=fo, check=True, timeout=120)
    return statistics.median(float(x) for x in open(t).read().split())


def main():
    os.makedirs(TMP, exist_ok=True)
    bins = os.path.join(".devrun", "datadep", "bin")
    data = inputs()
    files = {}
    for name, x in data.items():
        files[name] = os.path.join(TMP, "%d.in" % len(files))
        write_values(files[name], [x])
    res = {name: {"copy": [], "cumsum": [], "fcc": []} for name in data}
    for r in range(ROUNDS):
        for name, x in data.items():
            src = torch.from_numpy(x).cuda()
            dst = torch.empty_like(src)
            res[name]["copy"].append(cuda_time(lambda: dst.copy_(src)))
            res[name]["cumsum"].append(cuda_time(lambda: torch.cumsum(src, 0, dtype=src.dtype)))
            del src, dst
            torch.cuda.empty_cache()
            exe = os.path.join(bins, "scan" if x.dtype == np.float32 else "iscan")
            res[name]["fcc"].append(fcc_time(exe, files[name]))
            print("round", r, name, {k: v[-1] for k, v in res[name].items()}, flush=True)
    limit = statistics.median(res["f32 uniform [0,1)"]["copy"])
    print()
    print("GPU:", torch.cuda.get_device_name(0))
    print("limit: f32 uniform copy, %.1f us for %d bytes (%.0f GB/s)" % (limit, 8 * N, 8 * N / limit / 1e3))
    print()
    print("| values | copy us | copy % | torch cumsum us | cumsum % | fcc scan us | fcc % |")
    print("|---|---|---|---|---|---|---|")
    for name, v in res.items():
        c, s, f = (statistics.median(v[k]) for k in ("copy", "cumsum", "fcc"))
        print("| %s | %.1f | %.0f%% | %.1f | %.0f%% | %.1f | %.0f%% |" % (
            name, c, 100 * limit / c, s, 100 * limit / s, f, 100 * limit / f))


if __name__ == "__main__":
    main()
