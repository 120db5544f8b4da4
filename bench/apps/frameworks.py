"""Runs one application's JAX or PyTorch version in a process of its own
(a crash or hang costs only that run), on the inputs of a Futhark binary
file, and writes its results in the same format.

    python3 frameworks.py APP FRAMEWORK IN OUT RUNS SECONDS

Prints one JSON line: {"times_s": [...], "device": ..., "version": ...} or
{"error": ...}. Two untimed calls first (compilation), then up to RUNS
timed ones (at least 3, fewer when they would take over SECONDS), each
timed on the host from a synchronised start to a synchronised end, with the
inputs already on the device: as fcc's -t.
"""

import json
import os
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "baselines"))
sys.path.insert(0, os.path.join(HERE, "..", "baselines"))

import apps  # noqa: E402
import futdata  # noqa: E402


def timed(call, sync, runs, seconds):
    for _ in range(2):
        sync(call())
    times = []
    t_all = time.perf_counter()
    for i in range(runs):
        t0 = time.perf_counter()
        out = call()
        sync(out)
        times.append(time.perf_counter() - t0)
        if i >= 2 and time.perf_counter() - t_all > seconds:
            break
    return times, out


def run(app, fw, xs, runs, seconds):
    if fw == "torch":
        import torch
        dev = os.environ.get("FCC_BENCH_TORCH_DEVICE") or ("cuda" if torch.cuda.is_available() else "cpu")
        f = app.torch(dev)
        args = [torch.from_numpy(np.ascontiguousarray(x)).to(dev) if x.ndim else x.item() for x in xs]

        def sync(out):
            if dev.startswith("cuda"):
                torch.cuda.synchronize()
        times, out = timed(lambda: f(*args), sync, runs, seconds)
        outs = out if isinstance(out, (tuple, list)) else [out]
        return times, [o.cpu().numpy() for o in outs], dev, torch.__version__
    if fw == "jax":
        import jax
        f = app.jax()
        args = [jax.device_put(x) for x in xs]

        def sync(out):
            jax.block_until_ready(out)
        times, out = timed(lambda: f(*args), sync, runs, seconds)
        outs = out if isinstance(out, (tuple, list)) else [out]
        return times, [np.asarray(o) for o in outs], str(jax.devices()[0]), jax.__version__
    raise ValueError("unknown framework %r" % fw)


def main():
    name, fw, inp, outp, runs, seconds = sys.argv[1:7]
    try:
        app = apps.BY_NAME[name]
        xs = futdata.read_file(inp)
        times, outs, dev, version = run(app, fw, xs, int(runs), float(seconds))
        want = [dt for dt, _ in app.outputs]
        futdata.write_values(outp, [np.asarray(o).astype(dt) for o, dt in zip(outs, want)])
        print(json.dumps({"times_s": times, "device": dev, "version": version}))
    except Exception as e:  # noqa: BLE001
        print(json.dumps({"error": "%s: %s" % (type(e).__name__, str(e)[:1500])}))


if __name__ == "__main__":
    main()
