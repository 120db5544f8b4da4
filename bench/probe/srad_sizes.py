"""Is SRAD's loop bound by its kernels or by launching them? Times fcc's
and CUDA's srad at the tier's size and at sizes where the kernels do next
to nothing, with 100 and 200 iterations: where the time per iteration
does not fall with the image, the loop is launch-bound and faster kernel
bodies cannot help. Also fcc's host time per launch without -P
(FCC_DEBUG_CL=1), since -P's events add to it.

Run on the GPU machine after apps_run.py left its executables in --work:

    python3 .devrun/bench-apps/apps_run.py --out $OUT --work /tmp/wa --frameworks '' --only srad
    python3 bench/probe/srad_sizes.py --apps .devrun/bench-apps --work /tmp/wa --out $OUT
"""

import argparse
import os
import subprocess
import sys

import numpy as np


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--apps", required=True, help="the folder build.sh made (.devrun/bench-apps)")
    ap.add_argument("--work", required=True, help="apps_run.py's --work (its bin/ and cuda/)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--platform", default="NVIDIA", help="OpenCL platform ('' for the first)")
    ap.add_argument("--sizes", default="502x458x100,502x458x200,128x128x100,16x16x100,16x16x200",
                    help="comma-separated ROWSxCOLSxITERS")
    ap.add_argument("--other", default="", help="another srad executable (another build) timed at each size too, "
                    "alternating with this one, 3 rounds")
    args = ap.parse_args()
    sys.path.insert(0, os.path.abspath(args.apps))
    import apps  # noqa: E402
    import apps_run  # noqa: E402
    import futdata  # noqa: E402

    env, _ = apps_run.opencl_env(args.work)
    fcc = os.path.join(args.work, "bin", "srad")
    cuda = os.path.join(args.work, "cuda", "srad")
    app = apps.BY_NAME["srad"]
    # The small images fit a work-group's local memory, where fcc runs the
    # whole loop as one kernel (the intra-group version): off, to time the
    # launches of the loop the tier's size runs.
    q = subprocess.run([fcc, "--print-params"], capture_output=True, text=True, env=env)
    extra = [x for line in q.stdout.splitlines() if "suff_intra" in line
             for x in ("--param", line.split()[0] + "=9223372036854775807")]
    d = os.path.join(args.work, "srad-sizes")
    os.makedirs(d, exist_ok=True)
    os.makedirs(args.out, exist_ok=True)
    lines = ["| rows x cols | iters | fcc us | fcc us/iter | CUDA us | CUDA us/iter | fcc host us/launch (no -P) | other, this (us, 3 rounds) |",
             "|---|---|---|---|---|---|---|---|"]
    sizes = [tuple(int(x) for x in sz.split("x")) for sz in args.sizes.split(",") if sz]
    for rows, cols, iters in sizes:
        p = {"rows": rows, "cols": cols, "iters": iters}
        xs = app.gen(p, np.random.default_rng(1))
        fin = os.path.join(d, "in-%d-%d-%d.bin" % (rows, cols, iters))
        futdata.write_values(fin, xs)
        raw = fin[:-4] + ".raw"
        with open(raw, "wb") as f:
            f.write(np.ascontiguousarray(xs[2]).tobytes())
        r = apps_run.run_fcc(fcc, fin, os.path.join(d, "fcc.out"), d, args.runs, args.platform, env, 120, extra)
        host = "?"
        with open(fin, "rb") as fi:
            q = subprocess.run([fcc, "-b", "-r", "3"] + (["-p", args.platform] if args.platform else []) + extra, stdin=fi, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, env=dict(env, FCC_DEBUG_CL="1"), timeout=120)
        for line in q.stderr.decode(errors="replace").splitlines():
            if "host time" in line:
                host = line.split("host time")[1].split("us")[0].strip()
        # -P's per-kernel times at each size: at 16x16 they are the floor
        # of a launch as NVIDIA's events time it.
        with open(fin, "rb") as fi:
            q = subprocess.run([fcc, "-P", "-r", "3"] + (["-p", args.platform] if args.platform else []) + extra,
                               stdin=fi, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, timeout=120)
        with open(os.path.join(args.out, "srad-profile-%dx%d-%d.txt" % (rows, cols, iters)), "w") as f:
            f.write(q.stderr.decode(errors="replace"))
        c = apps_run.run_cuda(cuda, raw, os.path.join(d, "cuda.out"), args.runs, app.cuda_args(p), 120) \
            if os.path.exists(cuda) else {"error": "no CUDA executable"}

        def us(x):
            return "%.0f" % (x["time_s"] * 1e6) if "time_s" in x else x.get("error", "?")[:60]

        def per(x):
            return "%.2f" % (x["time_s"] * 1e6 / iters) if "time_s" in x else "-"
        ab = "-"
        if args.other:
            pairs = []
            for _ in range(3):
                o = apps_run.run_fcc(args.other, fin, os.path.join(d, "other.out"), d, args.runs, args.platform, env, 120, extra)
                t = apps_run.run_fcc(fcc, fin, os.path.join(d, "fcc.out"), d, args.runs, args.platform, env, 120, extra)
                pairs.append("%s/%s" % (us(o), us(t)))
            ab = " ".join(pairs)
        lines.append("| %d x %d | %d | %s | %s | %s | %s | %s | %s |" % (rows, cols, iters, us(r), per(r), us(c), per(c), host, ab))
        print(lines[-1], flush=True)
    with open(os.path.join(args.out, "srad-sizes.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
