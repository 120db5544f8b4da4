#!/usr/bin/env python3
"""Times shapes_sum (an array of a sum type carried through a loop of
maps) against shapes_tuple (the same with a tag and tuples of arrays) on
the same input, in one run, and checks that they agree. Made by build.sh;
run on the GPU machine. Prints a markdown table; with --out, writes it to
OUT/sumtypes.md too."""
import argparse
import os
import statistics
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def f32_array(n, seed):
    """n pseudo-random f32 in [0, 1) in Futhark's binary data format."""
    import random
    rnd = random.Random(seed)
    try:
        import numpy as np
        data = np.random.default_rng(seed).random(n, dtype=np.float32).tobytes()
    except ImportError:
        data = struct.pack("<%df" % n, *(rnd.random() for _ in range(n)))
    return b"b" + bytes([2, 1]) + b" f32" + struct.pack("<q", n) + data


def run(exe, data, runs, platform, env):
    with tempfile.NamedTemporaryFile() as times:
        out = subprocess.run([exe, "-b", "-r", str(runs), "-t", times.name, "-p", platform],
                             input=data, capture_output=True, env=env, timeout=600)
        if out.returncode != 0:
            raise RuntimeError("%s: %s" % (exe, out.stderr.decode(errors="replace")[-2000:]))
        us = [int(l) for l in open(times.name).read().split()]
    return statistics.median(us), min(us), out.stdout


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out")
    ap.add_argument("--sizes", default="1000000,10000000,50000000")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=3, help="alternations of the two programs")
    ap.add_argument("--platform", default="NVIDIA")
    args = ap.parse_args()
    import gpu_run
    work = tempfile.mkdtemp()
    env, notes = gpu_run.opencl_env(work)
    for n in notes:
        print("note:", n)
    rows = ["| elements | sum type (us, median) | tuples (us, median) | sum / tuples | results agree |",
            "|---|---|---|---|---|"]
    for n in [int(s) for s in args.sizes.split(",")]:
        data = f32_array(n, 7)
        med = {"sum": [], "tuple": []}
        outs = {}
        for _ in range(args.rounds):
            for kind in ("sum", "tuple"):
                m, _, o = run(os.path.join(HERE, "bin", "shapes_" + kind), data, args.runs, args.platform, env)
                med[kind].append(m)
                outs[kind] = o
        s, t = min(med["sum"]), min(med["tuple"])
        agree = outs["sum"] == outs["tuple"]
        rows.append("| %d | %.0f | %.0f | %.3f | %s |" % (n, s, t, s / t, "yes" if agree else "NO: %r %r" % (outs["sum"][:60], outs["tuple"][:60])))
        print(rows[-1], flush=True)
    text = "\n".join(rows) + "\n"
    print(text)
    if args.out:
        with open(os.path.join(args.out, "sumtypes.md"), "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
