#!/usr/bin/env python3
"""Runs fcc's benchmark suite against JAX, PyTorch, cuBLAS and CuPy on the GPU
machine, in one go, and reports the ratios.

bench/run.sh puts this file, the baselines, the programs and fcc's
executables into .devrun/bench; on the GPU machine run

    python3 .devrun/bench/gpu_run.py --out $OUT

For every data set of every program (the 'random input' blocks of
programs/NAME.fut) it generates the inputs with numpy (floats uniform in
[0,1), integers non-negative; some benchmarks draw their own, see
baselines/suite.py), writes them once in Futhark's binary format, runs fcc's
executable on them (-b -r RUNS -t FILE -p NVIDIA) and the baselines in a
worker process on the same file, compares every result with fcc's, and
times everything. Hardware limits are measured first: device-to-device copy
bandwidth and cuBLAS SGEMM (TF32 off). Writes results.json, results.md,
PNG plots and logs into --out, and prints the table last.

On a machine without a GPU, --small runs everything at toy sizes with the
numpy baselines and fcc on whatever OpenCL platform is there (PoCL), to
test the harness.
"""

import argparse
import ctypes.util
import datetime
import glob
import gzip
import json
import math
import multiprocessing as mp
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "baselines"))

import futdata  # noqa: E402
import suite  # noqa: E402

FRAMEWORKS = ["cupy", "torch", "torch.compile", "jax"]


def log(*a):
    msg = " ".join(str(x) for x in a)
    print(msg, flush=True)
    if LOG:
        LOG.write(msg + "\n")
        LOG.flush()


LOG = None


# ---- OpenCL set-up ----------------------------------------------------------------

def opencl_env(work):
    """The environment for fcc's executables: the OpenCL ICD loader (the one
    carried in lib/ when the machine has none) and an ICD entry for NVIDIA's
    OpenCL library when /etc/OpenCL/vendors names none."""
    env = dict(os.environ)
    notes = []
    if not ctypes.util.find_library("OpenCL"):
        lib = os.path.join(HERE, "lib")
        if os.path.exists(os.path.join(lib, "libOpenCL.so.1")):
            env["LD_LIBRARY_PATH"] = lib + ":" + env.get("LD_LIBRARY_PATH", "")
            notes.append("no libOpenCL on the machine: using the carried ICD loader")
        else:
            notes.append("no libOpenCL on the machine and none carried")
    icds = glob.glob("/etc/OpenCL/vendors/*.icd")
    texts = {p: open(p).read().strip() for p in icds}
    if not any("nvidia" in t.lower() for t in texts.values()):
        found = None
        for d in ["/usr/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/local/nvidia/lib64",
                  "/usr/local/nvidia/lib", "/usr/lib", "/usr/local/cuda/lib64", "/usr/lib/wsl/lib"]:
            cand = sorted(glob.glob(os.path.join(d, "libnvidia-opencl.so*")))
            if cand:
                found = cand[0]
                break
        if not found:
            try:
                out = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
                for line in out.splitlines():
                    if "libnvidia-opencl.so" in line and "=>" in line:
                        found = line.split("=>")[1].strip()
                        break
            except OSError:
                pass
        if found:
            vend = os.path.join(work, "vendors")
            os.makedirs(vend, exist_ok=True)
            with open(os.path.join(vend, "nvidia.icd"), "w") as f:
                f.write(found + "\n")
            for p, t in texts.items():
                with open(os.path.join(vend, os.path.basename(p)), "w") as f:
                    f.write(t + "\n")
            env["OCL_ICD_VENDORS"] = vend
            env["OPENCL_VENDOR_PATH"] = vend
            notes.append("no NVIDIA ICD entry in /etc/OpenCL/vendors: made one for " + found)
        else:
            notes.append("no NVIDIA OpenCL library (libnvidia-opencl.so) found")
    return env, notes


# ---- the worker -----------------------------------------------------------------------

class Worker:
    def __init__(self, frameworks, log_path):
        self.frameworks = frameworks
        self.log_path = log_path
        self.proc = None
        self.versions = {}

    def start(self, timeout=300):
        import worker
        ctx = mp.get_context("spawn")
        self.conn, child = ctx.Pipe()
        # Not a daemon: torch.compile starts compiler processes of its own.
        self.proc = ctx.Process(target=worker.main, args=(child, self.log_path, self.frameworks))
        self.proc.start()
        child.close()
        if not self.conn.poll(timeout):
            self.kill()
            raise RuntimeError("baseline worker did not start in %ds" % timeout)
        self.versions = self.conn.recv()["ready"]
        return self.versions

    def ask(self, req, timeout):
        if self.proc is None or not self.proc.is_alive():
            try:
                self.start(120)
            except Exception as e:  # noqa: BLE001
                return {"error": "baseline worker did not start: %s" % e}
        self.conn.send(req)
        if self.conn.poll(timeout):
            try:
                return self.conn.recv()
            except EOFError:
                pass
            self.kill()
            return {"error": "baseline worker died (exit code %s)" % self.proc.exitcode}
        self.kill()
        return {"error": "baselines timed out after %ds (worker restarted)" % timeout}

    def kill(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.join(10)
        self.proc = None

    def stop(self):
        if self.proc is not None and self.proc.is_alive():
            self.conn.send(None)
            self.proc.join(20)
        self.kill()


# ---- fcc ----------------------------------------------------------------------------------

def run_fcc(exe, entry, inp, out, work, args, env, timeout):
    times = os.path.join(work, "times.txt")
    if os.path.exists(times):
        os.remove(times)
    cmd = [exe, "-b", "-r", str(args.runs), "-t", times]
    if args.platform:
        cmd += ["-p", args.platform]
    if entry != "main":
        cmd += ["-e", entry]
    if args.profile:
        cmd += ["-P"]
    t0 = time.time()
    try:
        with open(inp, "rb") as fi, open(out, "wb") as fo:
            p = subprocess.run(cmd, stdin=fi, stdout=fo, stderr=subprocess.PIPE, env=env,
                               timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": "timed out after %ds" % timeout, "cmd": " ".join(cmd)}
    wall = time.time() - t0
    if p.returncode != 0:
        return {"error": "exit %d: %s" % (p.returncode, p.stderr.decode(errors="replace")[-1500:]),
                "cmd": " ".join(cmd)}
    us = [int(x) for x in open(times).read().split()]
    res = {"time_s": statistics.median(us) / 1e6, "times_s": [u / 1e6 for u in us], "wall_s": wall}
    if args.profile:
        # -P's per-kernel table, for finding where the time goes.
        res["profile"] = p.stderr.decode(errors="replace")[-6000:]
    return res


# ---- reporting --------------------------------------------------------------------------

def short(d):
    for k in range(4, 10):
        if d == 10 ** k:
            return "1e%d" % k
    return str(d)


def size_label(ds, cap=None):
    parts = []
    for g in ds.items:
        if g.value is not None:
            v = g.value.item()
            parts.append(str(min(v, cap) if cap and g.dtype.name == "int64" else v))
        else:
            shape = futdata.capped_shape(g.shape, cap)
            parts.append("x".join(short(d) for d in shape) if shape else str(g.dtype.name).replace("float", "f").replace("int", "i"))
    if ds.entry != "main":
        parts.insert(0, ds.entry + ":")
    return " ".join(parts)


def fmt_t(t):
    if t is None:
        return "-"
    if t >= 1:
        return "%.2f s" % t
    if t >= 1e-3:
        return "%.3f ms" % (t * 1e3)
    return "%.1f us" % (t * 1e6)


def limit_time(metrics, lim):
    """The floor: the larger of bytes over copy bandwidth and flops over
    SGEMM's rate; and which one it is."""
    if not lim or "copy_bytes_per_s" not in lim:
        return None, None
    tb = metrics.get("bytes", 0) / lim["copy_bytes_per_s"]
    tf = (metrics.get("flops") or 0) / lim["sgemm_flops_per_s"]
    return (tb, "mem") if tb >= tf else (tf, "flop")


def summarise(row, lim):
    """Adds best baseline, ratio and fractions of the limit to a row."""
    bl = {k: v for k, v in row.get("baselines", {}).items() if v.get("time_s")}
    best = min(bl, key=lambda k: bl[k]["time_s"]) if bl else None
    row["best"] = best
    row["best_s"] = bl[best]["time_s"] if best else None
    jt = {k: v for k, v in bl.items() if k in ("jax", "torch", "torch.compile")}
    bjt = min(jt, key=lambda k: jt[k]["time_s"]) if jt else None
    row["best_jax_torch"] = bjt
    row["best_jax_torch_s"] = jt[bjt]["time_s"] if bjt else None
    f = row.get("fcc", {}).get("time_s")
    row["speedup"] = row["best_s"] / f if f and row["best_s"] else None
    row["speedup_jax_torch"] = row["best_jax_torch_s"] / f if f and row["best_jax_torch_s"] else None
    floor, kind = limit_time(row.get("metrics", {}), lim)
    row["floor_s"], row["bound"] = floor, kind
    row["fcc_frac"] = floor / f if floor and f else None
    row["best_frac"] = floor / row["best_s"] if floor and row["best_s"] else None
    errs = [v for v in bl.values() if "err" in v]
    if row.get("fcc", {}).get("time_s") is None:
        row["check"] = "no fcc result"
    elif row.get("reference") != "fcc":
        row["check"] = "not checked"
    elif not errs:
        row["check"] = "no baseline"
    else:
        bad = [k for k, v in bl.items() if "err" in v and not v["ok"]]
        worst = max(v["err"] for v in errs)
        row["check"] = ("ok (%.1e)" % worst) if not bad else "MISMATCH vs %s (%.1e)" % (",".join(bad), worst)


def table(rows):
    head = ["benchmark", "size", "fcc", "best baseline", "its time", "speed-up", "fcc % of limit",
            "best % of limit", "bound", "check"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        fcc = r.get("fcc", {})
        ft = fmt_t(fcc.get("time_s")) if fcc.get("time_s") else ("skipped" if r.get("skipped") else "n/a")
        cells = [r["bench"], r["size"], ft, r.get("best") or "-", fmt_t(r.get("best_s")),
                 "%.2fx" % r["speedup"] if r.get("speedup") else "-",
                 "%.0f%%" % (100 * r["fcc_frac"]) if r.get("fcc_frac") else "-",
                 "%.0f%%" % (100 * r["best_frac"]) if r.get("best_frac") else "-",
                 r.get("bound") or "-", r.get("check", r.get("skipped", "-"))]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def geomean(xs):
    xs = [x for x in xs if x]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def markdown(meta, rows, build_errors):
    out = ["# fcc benchmark results", ""]
    out.append("- date: %s" % meta["date"])
    out.append("- GPU: %s; driver %s" % (meta.get("gpu"), meta.get("driver")))
    lim = meta.get("limits") or {}
    if "copy_bytes_per_s" in lim:
        out.append("- measured limits: copy %.0f GB/s (read + write), SGEMM %.1f TFLOP/s (TF32 off)"
                   % (lim["copy_bytes_per_s"] / 1e9, lim["sgemm_flops_per_s"] / 1e12))
    out.append("- frameworks: %s" % ", ".join("%s %s" % kv for kv in meta.get("versions", {}).items()))
    out.append("- fcc: %s" % meta.get("fcc_build", "?"))
    out.append("- times: median of up to %d runs after a warm-up; fcc's from its -t file" % meta["runs"])
    g = meta.get("geomean_speedup")
    gj = meta.get("geomean_speedup_jax_torch")
    out.append("- geometric mean speed-up of fcc (baseline time / fcc time, data sets with both): "
               "%s against the best baseline, %s against the best of JAX and PyTorch"
               % ("%.2fx" % g if g else "-", "%.2fx" % gj if gj else "-"))
    out.append("")
    out.append(table(rows))
    out.append("")
    out.append("## Every baseline")
    out.append("")
    out.append("| benchmark | size | implementation | time | error vs fcc | note |")
    out.append("|---|---|---|---|---|---|")
    for r in rows:
        for k, v in r.get("baselines", {}).items():
            err = v.get("err")
            note = v.get("error") or v.get("skipped") or v.get("note") or ("reference" if v.get("reference") else "")
            out.append("| %s | %s | %s | %s | %s | %s |" % (
                r["bench"], r["size"], k, fmt_t(v.get("time_s")),
                "%.1e%s" % (err, "" if v.get("ok") else " FAIL") if err is not None else "-",
                note.replace("|", "/").replace("\n", " ")[:200]))
    if build_errors:
        out += ["", "## Programs fcc did not compile", ""]
        for name, err in sorted(build_errors.items()):
            out.append("- %s: %s" % (name, err.strip().splitlines()[0][:300] if err.strip() else "?"))
    errs = [(r["bench"], r["size"], r["fcc"]["error"]) for r in rows if r.get("fcc", {}).get("error")]
    if errs:
        out += ["", "## fcc runs that failed", ""]
        for b, s, e in errs:
            out.append("- %s %s: %s" % (b, s, e.replace("\n", " ")[:300]))
    return "\n".join(out) + "\n"


def plots(rows, out_dir):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:  # noqa: BLE001
        log("no plots: %s" % e)
        return
    impls = ["fcc"] + FRAMEWORKS + ["numpy"]
    colours = {"fcc": "black", "cupy": "tab:green", "torch": "tab:red", "torch.compile": "tab:orange",
               "jax": "tab:blue", "numpy": "tab:gray"}
    labels = ["%s %s" % (r["bench"], r["size"]) for r in rows]

    def times(r, k):
        if k == "fcc":
            return r.get("fcc", {}).get("time_s")
        return r.get("baselines", {}).get(k, {}).get("time_s")

    def bars(fname, value, xlabel, log_x, vline, keys):
        fig, ax = plt.subplots(figsize=(11, 0.38 * len(rows) * max(1, len(keys)) / 2 + 2))
        h = 0.8 / len(keys)
        for j, k in enumerate(keys):
            ys = [i + j * h for i in range(len(rows))]
            vs = [value(r, k) or 0 for r in rows]
            ax.barh(ys, vs, height=h, color=colours.get(k), label=k)
        ax.set_yticks([i + 0.4 - h / 2 for i in range(len(rows))])
        ax.set_yticklabels(labels, fontsize=7)
        ax.invert_yaxis()
        if log_x:
            ax.set_xscale("log")
        if vline:
            ax.axvline(vline, color="k", lw=0.8)
        ax.set_xlabel(xlabel)
        ax.legend(fontsize=8)
        fig.tight_layout()
        fig.savefig(os.path.join(out_dir, fname), dpi=110)
        plt.close(fig)

    present = [k for k in impls if any(times(r, k) for r in rows)]
    if not present:
        return
    bars("times.png", times, "time (s), lower is better", True, None, present)
    base = [k for k in present if k != "fcc"]
    if "fcc" in present and base:
        bars("speedup.png", lambda r, k: (times(r, k) / times(r, "fcc")) if times(r, k) and times(r, "fcc") else None,
             "baseline time / fcc time (> 1: fcc faster)", True, 1.0, base)
    if any(r.get("floor_s") for r in rows):
        bars("limits.png", lambda r, k: (r["floor_s"] / times(r, k)) if r.get("floor_s") and times(r, k) else None,
             "fraction of the hardware limit (measured copy bandwidth or SGEMM rate)", False, 1.0, present)


def save(out, meta, rows, build_errors, start):
    """Writes results.json and results.md (after every data set, so that a
    run stopped from outside still leaves its results)."""
    meta["geomean_speedup"] = geomean([r.get("speedup") for r in rows])
    meta["geomean_speedup_jax_torch"] = geomean([r.get("speedup_jax_torch") for r in rows])
    meta["seconds"] = time.time() - start
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump({"meta": meta, "rows": rows, "build_errors": build_errors}, f, indent=1, default=str)
    with open(os.path.join(out, "results.md"), "w") as f:
        f.write(markdown(meta, rows, build_errors))


# ---- main --------------------------------------------------------------------------------

def main():
    global LOG
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="folder for results.json, results.md, plots and logs")
    ap.add_argument("--work", default="/tmp/fccbench", help="scratch folder for inputs and outputs")
    ap.add_argument("--only", default="", help="comma-separated benchmarks to run (default: all)")
    ap.add_argument("--skip", default="", help="comma-separated benchmarks to leave out")
    ap.add_argument("--frameworks", default=",".join(FRAMEWORKS), help="baselines to run")
    ap.add_argument("--platform", default="NVIDIA", help="OpenCL platform for fcc's executables ('' for the first)")
    ap.add_argument("--runs", type=int, default=10, help="timed runs per program and baseline")
    ap.add_argument("--seconds", type=float, default=2.0, help="at most this long for one baseline's timed runs (at least 3 runs)")
    ap.add_argument("--timeout", type=int, default=90, help="seconds allowed to one data set's fcc run, and to its baselines")
    ap.add_argument("--budget", type=float, default=420, help="start no data set after this many seconds")
    ap.add_argument("--deadline", type=float, default=520, help="stop whatever runs after this many seconds, and report")
    ap.add_argument("--compile-budget", type=float, default=120, help="seconds of torch.compile compilation allowed in all")
    ap.add_argument("--small", action="store_true", help="toy sizes (every dimension at most --cap), numpy baselines, any OpenCL platform")
    ap.add_argument("--cap", type=int, default=256, help="largest dimension with --small")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true", help="run fcc's executables with -P and keep the per-kernel profile in results.json")
    args = ap.parse_args()
    if args.small:
        if args.frameworks == ",".join(FRAMEWORKS):
            args.frameworks = "numpy"
        if args.platform == "NVIDIA":
            args.platform = ""
    cap = args.cap if args.small else None
    frameworks = [f for f in args.frameworks.split(",") if f]
    os.makedirs(args.out, exist_ok=True)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    LOG = open(os.path.join(args.out, "driver.log"), "w")
    start = time.time()

    meta = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "runs": args.runs, "small": args.small, "argv": sys.argv[1:]}
    try:
        q = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total",
                            "--format=csv,noheader"], capture_output=True, text=True, timeout=30)
        parts = [p.strip() for p in q.stdout.strip().splitlines()[0].split(",")]
        meta["gpu"], meta["driver"], meta["gpu_memory"] = parts[0], parts[1], parts[2]
    except Exception as e:  # noqa: BLE001
        meta["gpu"], meta["driver"] = "unknown (%s)" % type(e).__name__, "?"
    info = os.path.join(HERE, "build-info.txt")
    meta["fcc_build"] = open(info).read().strip() if os.path.exists(info) else "?"
    log("fcc benchmarks on %s (driver %s), %s" % (meta["gpu"], meta["driver"], meta["date"]))

    env, notes = opencl_env(args.work)
    for n in notes:
        log("opencl: " + n)
    meta["opencl_notes"] = notes
    exes = {}
    for p in glob.glob(os.path.join(HERE, "bin", "*")):
        name = os.path.basename(p)
        if name.endswith(".gz"):  # run.sh gzips them, to carry less
            name = name[:-3]
            dst = os.path.join(args.work, "bin", name)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with gzip.open(p, "rb") as fi, open(dst, "wb") as fo:
                shutil.copyfileobj(fi, fo)
            os.chmod(dst, 0o755)
            p = dst
        exes[name] = p
    build_errors = {}
    for p in glob.glob(os.path.join(HERE, "errors", "*.txt")):
        build_errors[os.path.basename(p)[:-4]] = open(p).read()
    if exes:
        exe = sorted(exes.values())[0]
        q = subprocess.run([exe, "--list-devices"], capture_output=True, text=True, env=env)
        meta["opencl_devices"] = (q.stdout + q.stderr).strip()
        log("opencl devices:\n" + meta["opencl_devices"])

    # Environment for the worker, before it imports anything.
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    os.environ.setdefault("XLA_PYTHON_CLIENT_MEM_FRACTION", "0.5")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
    os.environ["CUPY_TF32"] = "0"
    os.environ["NVIDIA_TF32_OVERRIDE"] = "0"
    w = Worker(frameworks, os.path.join(args.out, "worker.log"))
    try:
        meta["versions"] = w.start()
    except Exception as e:  # noqa: BLE001
        log("worker failed to start: %s" % e)
        meta["versions"] = {}
    log("baselines: %s (%.0fs)" % (meta["versions"], time.time() - start))
    lim = None
    if not args.small:
        lim = w.ask({"op": "limits"}, 120)
        if "error" in lim:
            log("hardware limits: %s" % lim["error"])
            lim = None
        else:
            log("hardware limits: copy %.0f GB/s, SGEMM %.2f TFLOP/s on %s" % (
                lim["copy_bytes_per_s"] / 1e9, lim["sgemm_flops_per_s"] / 1e12, lim["gpu"]))
    meta["limits"] = lim

    only = [s for s in args.only.split(",") if s]
    skip = set(s for s in args.skip.split(",") if s)
    names = [n for n in suite.ORDER if (not only or n in only) and n not in skip]
    rows = []
    compile_spent = 0.0
    gen_cache = {}

    def left(t):
        """t seconds, or less where the deadline comes sooner."""
        return max(5, min(t, args.deadline - (time.time() - start)))

    for name in names:
        src = os.path.join(HERE, "programs", name + ".fut")
        if not os.path.exists(src):
            log("%s: no program" % name)
            continue
        bench = suite.get(name)
        for i, ds in enumerate(futdata.parse_test_block(open(src).read())):
            row = {"bench": name, "size": size_label(ds, cap), "dataset": ds.text, "entry": ds.entry}
            rows.append(row)
            if time.time() - start > min(args.budget, args.deadline - 30):
                row["skipped"] = "time budget spent"
                log("%s %s: skipped (time budget)" % (name, row["size"]))
                continue
            t0 = time.time()
            inp = os.path.join(args.work, "%s_%d.in" % (name, i))
            outp = os.path.join(args.work, "%s_%d.out" % (name, i))
            vals = futdata.generate(ds, args.seed, cap=cap, special=bench.special, cache=gen_cache)
            futdata.write_values(inp, vals)
            del vals
            tgen = time.time() - t0
            if name in exes:
                row["fcc"] = run_fcc(exes[name], ds.entry, inp, outp, args.work, args, env, left(args.timeout))
            else:
                err = build_errors.get(name, "no executable")
                row["fcc"] = {"error": "did not compile: " + (err.strip().splitlines() or ["?"])[0][:300]}
            fcc_ok = row["fcc"].get("time_s") is not None
            req = {"op": "run", "bench": name, "input": inp, "fcc_output": outp if fcc_ok else None,
                   "frameworks": frameworks, "runs": args.runs, "seconds": args.seconds,
                   "compile": compile_spent < args.compile_budget}
            rep = w.ask(req, left(args.timeout + (60 if req["compile"] else 0)))
            if "error" in rep:
                row["baseline_error"] = rep["error"]
                log("  baselines failed: %s" % rep["error"])
            row["baselines"] = rep.get("baselines", {})
            row["metrics"] = rep.get("metrics", {})
            row["reference"] = rep.get("reference")
            tc = row["baselines"].get("torch.compile", {}).get("first_s")
            if tc:
                compile_spent += tc
            summarise(row, lim)
            for p in (inp, outp):
                if os.path.exists(p):
                    os.remove(p)
            fe = row["fcc"].get("error")
            log("%-12s %-28s fcc %-10s best %-13s %-10s %-7s %s  [%.0fs, inputs %.0fs]%s" % (
                name, row["size"], fmt_t(row["fcc"].get("time_s")) if not fe else "n/a",
                row.get("best") or "-", fmt_t(row.get("best_s")),
                "%.2fx" % row["speedup"] if row.get("speedup") else "-", row.get("check"),
                time.time() - t0, tgen, ("\n    fcc: " + fe.replace("\n", " ")[:300]) if fe else ""))
            save(args.out, meta, rows, build_errors, start)
    w.stop()
    save(args.out, meta, rows, build_errors, start)
    plots(rows, args.out)
    log("")
    log(table(rows))
    g, gj = meta["geomean_speedup"], meta["geomean_speedup_jax_torch"]
    log("geomean speed-up of fcc: %s vs best baseline, %s vs best of JAX/PyTorch; %.0fs in all" % (
        "%.2fx" % g if g else "-", "%.2fx" % gj if gj else "-", meta["seconds"]))
    LOG.close()


if __name__ == "__main__":
    main()
