"""The applications tier's driver, for the GPU machine (numpy only; JAX and
PyTorch where importable): compiles the hand-written CUDA baselines with
nvcc, generates each application's inputs with numpy, runs fcc's
executable (-b -r RUNS -t FILE -p NVIDIA), the CUDA baseline and the
frameworks' versions on the same inputs, checks their results against
each other, and writes results.md and results.json to --out.

    python3 .devrun/bench-apps/apps_run.py --out $OUT

Here, without a GPU: --small runs toy sizes on the local OpenCL platform,
checks everything against the numpy references, and skips CUDA when nvcc
is missing and frameworks that do not import.

Every run's time is host time between a synchronised start and end of one
whole application run, with the inputs already on the device and the
results left there: fcc's -t, the CUDA programs' "time_us" lines and the
frameworks' timings all measure that. Medians count.
"""

import argparse
import concurrent.futures
import datetime
import glob
import gzip
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
for d in (HERE, os.path.join(HERE, "baselines"), os.path.join(HERE, "..", "baselines"), os.path.join(HERE, "..")):
    sys.path.insert(0, d)

import apps  # noqa: E402
import futdata  # noqa: E402

LOG = None
START = time.time()


def log(*a):
    msg = " ".join(str(x) for x in a)
    print(msg, flush=True)
    if LOG:
        LOG.write(msg + "\n")
        LOG.flush()


def opencl_env(work):
    """gpu_run.py's OpenCL set-up (the carried ICD loader, an NVIDIA ICD
    entry), where it is beside this file."""
    try:
        import gpu_run
    except ImportError as e:
        return dict(os.environ), ["gpu_run.py not found (%s): OpenCL environment as is" % e]
    return gpu_run.opencl_env(work)


# ---- CUDA ---------------------------------------------------------------------------------------

def compile_cuda(names, src_dir, out_dir, nvcc, arch, timeout):
    """Compiles each NAME.cu in parallel; returns {name: path} and
    {name: error}."""
    os.makedirs(out_dir, exist_ok=True)
    exes, errors = {}, {}

    def one(name):
        src = os.path.join(src_dir, name + ".cu")
        if not os.path.exists(src):
            return name, None, "no %s" % src
        exe = os.path.join(out_dir, name)
        cmd = [nvcc, "-O3", "-arch=" + arch, "-o", exe, src]
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return name, None, "nvcc timed out after %ds" % timeout
        if p.returncode != 0:
            return name, None, "nvcc failed (exit %d): %s" % (p.returncode, (p.stderr + p.stdout)[-2000:])
        return name, exe, None

    with concurrent.futures.ThreadPoolExecutor(max_workers=8) as ex:
        for name, exe, err in ex.map(one, names):
            if err:
                errors[name] = err
            else:
                exes[name] = exe
    return exes, errors


def run_cuda(exe, raw_in, raw_out, runs, sizes, timeout):
    cmd = [exe, raw_in, raw_out, str(runs)] + [str(s) for s in sizes]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": "timed out after %ds" % timeout, "cmd": " ".join(cmd)}
    if p.returncode != 0:
        return {"error": "exit %d: %s" % (p.returncode, (p.stderr + p.stdout)[-1500:]), "cmd": " ".join(cmd)}
    us = [int(line.split()[1]) for line in p.stdout.splitlines() if line.startswith("time_us ")]
    if not us:
        return {"error": "no time_us lines in its output: %r" % p.stdout[-500:], "cmd": " ".join(cmd)}
    return {"time_s": statistics.median(us) / 1e6, "times_s": [u / 1e6 for u in us]}


def read_raw(path, outputs, p):
    with open(path, "rb") as f:
        data = f.read()
    vals, pos = [], 0
    for dt, shape in outputs:
        shape = shape(p)
        count = int(np.prod(shape))
        size = count * np.dtype(dt).itemsize
        if pos + size > len(data):
            raise ValueError("%s: %d bytes, expected at least %d" % (path, len(data), pos + size))
        vals.append(np.frombuffer(data, dtype=dt, count=count, offset=pos).reshape(shape))
        pos += size
    return vals


# ---- fcc -----------------------------------------------------------------------------------------------

def plain_stencil_params(exe, env):
    """--param options that turn off the blocked versions of exe's stencil
    loops (their thresholds, NAME.stencil_*, above any array's size)."""
    p = subprocess.run([exe, "--print-params"], capture_output=True, text=True, env=env)
    names = [l.split()[0] for l in p.stdout.splitlines() if ".stencil_" in l]
    return [x for n in names for x in ("--param", n + "=1000000000000")]


def run_fcc(exe, inp, out, work, runs, platform, env, timeout, extra=()):
    times = os.path.join(work, "times.txt")
    if os.path.exists(times):
        os.remove(times)
    cmd = [exe, "-b", "-r", str(runs), "-t", times]
    if platform:
        cmd += ["-p", platform]
    cmd += list(extra)
    try:
        with open(inp, "rb") as fi, open(out, "wb") as fo:
            p = subprocess.run(cmd, stdin=fi, stdout=fo, stderr=subprocess.PIPE, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": "timed out after %ds" % timeout, "cmd": " ".join(cmd)}
    if p.returncode != 0:
        return {"error": "exit %d: %s" % (p.returncode, p.stderr.decode(errors="replace")[-1500:]),
                "cmd": " ".join(cmd)}
    us = [int(x) for x in open(times).read().split()]
    return {"time_s": statistics.median(us) / 1e6, "times_s": [u / 1e6 for u in us]}


def profile_fcc(exe, inp, work, args, env, left, dest):
    """One more run of exe with -P (per-kernel times) and FCC_DEBUG_CL=1
    (OpenCL calls and host time per launch), its report written to dest."""
    cmd = [exe, "-P", "-r", "3"] + (["-p", args.platform] if args.platform else []) + list(args.fcc_option)
    penv = dict(env or os.environ, FCC_DEBUG_CL="1")
    try:
        with open(inp, "rb") as fi:
            p = subprocess.run(cmd, stdin=fi, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=penv,
                               timeout=left(args.timeout))
        text = p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        text = "timed out"
    with open(dest, "w") as f:
        f.write(" ".join(cmd) + "\n" + text)


def time_fcc(exe, inp, out, work, args, env, left):
    """fcc's timing of one program on one data set (run_fcc's dict) and its
    results (None where it failed). A first run of one timing says how
    many more fit in --fcc-seconds (a slow program gets fewer runs, not a
    timeout that spends the budget)."""
    extra = list(args.fcc_option) + (plain_stencil_params(exe, env) if args.plain_stencils else [])
    r = run_fcc(exe, inp, out, work, 1, args.platform, env, left(args.timeout), extra)
    if "time_s" in r:
        runs = min(args.runs, int(args.fcc_seconds / max(r["time_s"], 1e-6)) - 1)
        if runs >= 2 and time.time() - START < args.deadline - 10:
            again = run_fcc(exe, inp, out, work, runs, args.platform, env, left(args.timeout), extra)
            if "time_s" in again or "error" in again and "timed out" not in again["error"]:
                r = again
    if "error" in r:
        return r, None
    try:
        return r, futdata.read_file(out)
    except ValueError as e:
        return {"error": "output: %s" % e}, None


# ---- frameworks ------------------------------------------------------------------------------------

def run_framework(fw, app, inp, out, runs, seconds, timeout):
    cmd = [sys.executable, os.path.join(HERE, "frameworks.py"), app, fw, inp, out, str(runs), str(seconds)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {"error": "timed out after %ds" % timeout}
    lines = [line for line in p.stdout.splitlines() if line.startswith("{")]
    if not lines:
        return {"error": "exit %d: %s" % (p.returncode, (p.stderr + p.stdout)[-1500:])}
    res = json.loads(lines[-1])
    if "times_s" in res:
        res["time_s"] = statistics.median(res["times_s"])
    return res


# ---- checking ---------------------------------------------------------------------------------------

def compare(got, want, tol):
    """None if got matches want, else what differs."""
    if len(got) != len(want):
        return "%d results, expected %d" % (len(got), len(want))
    for k, (g, w) in enumerate(zip(got, want)):
        g, w = np.asarray(g), np.asarray(w)
        if g.shape != w.shape:
            return "result %d: shape %s, expected %s" % (k, g.shape, w.shape)
        if w.dtype.kind == "f":
            g64, w64 = g.astype(np.float64), w.astype(np.float64)
            if not np.all(np.isfinite(g64)) and np.all(np.isfinite(w64)):
                return "result %d: %d non-finite values" % (k, int(np.sum(~np.isfinite(g64))))
            err = np.linalg.norm((g64 - w64).ravel()) / max(np.linalg.norm(w64.ravel()), 1e-30)
            if not err <= tol:
                return "result %d: relative error %.3g > %g" % (k, err, tol)
        else:
            bad = int(np.sum(g != w))
            if bad:
                i = int(np.flatnonzero((g != w).ravel())[0])
                return "result %d: %d of %d elements differ (first at flat index %d: %s, expected %s)" % (
                    k, bad, w.size, i, g.ravel()[i], w.ravel()[i])
    return None


# ---- reporting -------------------------------------------------------------------------------------

def fmt_time(r):
    if not r:
        return "–"
    if "time_s" not in r:
        return "fails"
    return "%.0f" % (r["time_s"] * 1e6)


def report(rows, meta, frameworks):
    out = ["# fcc applications tier", "",
           "- GPU: %s (driver %s); %s" % (meta.get("gpu"), meta.get("driver"), meta.get("date")),
           "- fcc build: %s" % meta.get("fcc_build"),
           "- times: µs per whole application run (median of up to %d after a warm-up), inputs on the device, "
           "results left there; fcc's from -t, CUDA's from its time_us lines" % meta["runs"],
           "- check: every result against %s (floats: relative norm error, integers: exact)"
           % ("numpy's reference" if meta["small"] else "the CUDA baseline's (fcc's where CUDA failed)")]
    if meta.get("fcc_options"):
        out.append("- fcc's executables run with %s" % " ".join(meta["fcc_options"]))
    out.append("")
    head = "| application | size | fcc | CUDA | fcc/CUDA | " + " | ".join(frameworks) + (" | " if frameworks else "") + "check |"
    out.append(head)
    out.append("|" + "---|" * (head.count("|") - 1))
    for r in rows:
        fcc, cuda = r.get("fcc"), r.get("cuda")
        ratio = "–"
        if fcc and cuda and "time_s" in fcc and "time_s" in cuda and cuda["time_s"] > 0:
            ratio = "%.2f" % (fcc["time_s"] / cuda["time_s"])
        cells = [r["app"], r["size"], fmt_time(fcc), fmt_time(cuda), ratio]
        cells += [fmt_time(r.get("frameworks", {}).get(fw)) for fw in frameworks]
        cells.append("ok" if not r.get("problems") else "see below")
        out.append("| " + " | ".join(cells) + " |")
    notes = []
    for r in rows:
        for k, v in r.get("problems", {}).items():
            notes.append("- %s %s, %s: %s" % (r["app"], r["size"], k, " ".join(str(v).split())[:600]))
    if meta.get("build_errors"):
        for k, v in sorted(meta["build_errors"].items()):
            notes.append("- %s: fcc did not compile it: %s" % (k, " ".join(v.split())[:600]))
    if meta.get("cuda_errors"):
        for k, v in sorted(meta["cuda_errors"].items()):
            notes.append("- %s: CUDA: %s" % (k, " ".join(v.split())[:600]))
    if meta.get("cuda_missing"):
        notes.append("- " + meta["cuda_missing"])
    if notes:
        out += ["", "Problems:", ""] + notes
    return "\n".join(out) + "\n"


# ---- main ------------------------------------------------------------------------------------------

def main():
    global LOG
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="folder for results.md, results.json, driver.log")
    ap.add_argument("--work", default="/tmp/fcc-bench-apps", help="scratch folder (inputs, executables)")
    ap.add_argument("--only", default="", help="comma-separated applications (a variant's name, such as nw_blocked, picks its application)")
    ap.add_argument("--skip", default="", help="comma-separated applications or variants")
    ap.add_argument("--frameworks", default="jax,torch", help="of jax,torch ('' for none)")
    ap.add_argument("--platform", default="NVIDIA", help="OpenCL platform for fcc ('' for the first)")
    ap.add_argument("--fcc-option", action="append", default=[], help="pass this option to fcc's executables (repeatable), e.g. --fcc-option=--default-threshold=1 for the outer-only versions")
    ap.add_argument("--runs", type=int, default=10, help="timed runs of each program")
    ap.add_argument("--fcc-seconds", type=float, default=30.0, help="fewer than --runs runs of fcc where they would take longer (at least 2, else the one of the first run)")
    ap.add_argument("--seconds", type=float, default=5.0, help="at most this long for a framework's timed runs (at least 3)")
    ap.add_argument("--timeout", type=int, default=120, help="seconds allowed to one program's run on one data set")
    ap.add_argument("--budget", type=float, default=380, help="start nothing new after this many seconds")
    ap.add_argument("--deadline", type=float, default=450, help="no run goes past this many seconds")
    ap.add_argument("--small", action="store_true", help="toy sizes, checked against numpy, any OpenCL platform")
    ap.add_argument("--nvcc", default="", help="nvcc to use (default: PATH, then /usr/local/cuda/bin)")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--cuda-bin", default="", help="use the CUDA baselines already built in this folder (e.g. by cuda/cpu/build.sh, for the CPU) instead of nvcc")
    ap.add_argument("--cuda-runs", type=int, default=0, help="timed runs of the CUDA baselines (default --runs)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true", help="after timing, run each fcc executable once more with -P and FCC_DEBUG_CL=1 and keep its report in --out as profile-NAME-K.txt")
    ap.add_argument("--plain-stencils", action="store_true", help="run fcc's stencil loops without their blocked versions (issue 22 item 4), to compare")
    args = ap.parse_args()
    if args.small and args.platform == "NVIDIA":
        args.platform = ""
    os.makedirs(args.out, exist_ok=True)
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    LOG = open(os.path.join(args.out, "driver.log"), "w")

    def left(t):
        return max(1, min(t, args.deadline - (time.time() - START)))

    meta = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "runs": args.runs, "small": args.small, "argv": sys.argv[1:], "fcc_options": args.fcc_option}
    try:
        q = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
                           capture_output=True, text=True, timeout=30)
        meta["gpu"], meta["driver"] = [s.strip() for s in q.stdout.strip().splitlines()[0].split(",")][:2]
    except Exception as e:  # noqa: BLE001
        meta["gpu"], meta["driver"] = "unknown (%s)" % type(e).__name__, "?"
    info = os.path.join(HERE, "build-info.txt")
    meta["fcc_build"] = open(info).read().strip() if os.path.exists(info) else "?"
    log("fcc applications on %s (driver %s), %s" % (meta["gpu"], meta["driver"], meta["date"]))

    only = [s for s in args.only.split(",") if s]
    skip = set(s for s in args.skip.split(",") if s)
    variant_of = {v: a.name for a in apps.APPS for v in a.variants}
    unknown = [s for s in only + sorted(skip) if s not in apps.BY_NAME and s not in variant_of]
    if unknown:
        sys.exit("unknown applications: %s (there are %s; variants %s)" % (
            ", ".join(unknown), ", ".join(apps.BY_NAME), ", ".join(variant_of)))
    only = [variant_of.get(s, s) for s in only]
    chosen = [a for a in apps.APPS if (not only or a.name in only) and a.name not in skip]

    # fcc's executables: bin/NAME.gz as build.sh leaves them, else bin/NAME.
    exes = {}
    for p in glob.glob(os.path.join(HERE, "bin", "*")):
        name = os.path.basename(p)
        if name.endswith(".gz"):
            name = name[:-3]
            dst = os.path.join(args.work, "bin", name)
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            with gzip.open(p, "rb") as fi, open(dst, "wb") as fo:
                shutil.copyfileobj(fi, fo)
            os.chmod(dst, 0o755)
            p = dst
        exes[name] = p
    meta["build_errors"] = {os.path.basename(p)[:-4]: open(p).read()
                            for p in glob.glob(os.path.join(HERE, "errors", "*.txt"))}
    env, notes = opencl_env(args.work)
    for n in notes:
        log("opencl: " + n)

    nvcc = args.nvcc or shutil.which("nvcc") or next(
        (p for p in ["/usr/local/cuda/bin/nvcc"] + sorted(glob.glob("/usr/local/cuda-*/bin/nvcc")) if os.path.exists(p)), "")
    t0 = time.time()
    cuda_dir = os.path.join(HERE, "cuda") if os.path.isdir(os.path.join(HERE, "cuda")) else os.path.join(HERE, "apps", "cuda")
    if args.cuda_bin:
        cuda = {a.name: os.path.join(args.cuda_bin, a.name) for a in chosen
                if os.path.exists(os.path.join(args.cuda_bin, a.name))}
        meta["cuda_errors"] = {a.name: "not in %s" % args.cuda_bin for a in chosen if a.name not in cuda}
        log("CUDA baselines from %s: %s" % (args.cuda_bin, sorted(cuda)))
    elif not nvcc:
        cuda, meta["cuda_errors"] = {}, {}
        meta["cuda_missing"] = "nvcc not found: CUDA baselines skipped"
        log(meta["cuda_missing"])
    else:
        cuda, meta["cuda_errors"] = compile_cuda([a.name for a in chosen], cuda_dir, os.path.join(args.work, "cuda"),
                                                 nvcc, args.arch, int(left(240)))
        log("nvcc: %s; compiled %s in %.0fs" % (nvcc, sorted(cuda) or "nothing", time.time() - t0))
    for k, v in sorted(meta["cuda_errors"].items()):
        log("  %s: %s" % (k, v.splitlines()[0] if v else v))
    cuda_runs = args.cuda_runs or args.runs

    frameworks = [f for f in args.frameworks.split(",") if f]
    fw_ok = []
    for fw in frameworks:
        if importlib.util.find_spec(fw) is None:
            log("%s: not importable, skipped" % fw)
        else:
            fw_ok.append(fw)
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

    which = "small" if args.small else "full"
    rows = []
    stopped = False
    for app in chosen:
        for k, p in enumerate(apps.size_list(app, which)):
            if time.time() - START > args.budget:
                stopped = True
                break
            row = {"app": app.name, "size": app.describe(p), "params": p, "problems": {}, "frameworks": {}}
            rows.append(row)
            log("\n== %s %s" % (app.name, row["size"]))
            t = time.time()
            xs = app.gen(p, np.random.default_rng([args.seed, k, sum(map(ord, app.name))]))
            d = os.path.join(args.work, "%s-%d" % (app.name, k))
            os.makedirs(d, exist_ok=True)
            fin = os.path.join(d, "input.bin")
            futdata.write_values(fin, xs)
            raw = os.path.join(d, "input.raw")
            with open(raw, "wb") as f:
                for x in xs:
                    if np.ndim(x):
                        f.write(np.ascontiguousarray(x).astype(x.dtype.newbyteorder("<")).tobytes())
            log("inputs: %.1fs" % (time.time() - t))
            results = {}
            if app.name in exes:
                row["fcc"], got = time_fcc(exes[app.name], fin, os.path.join(d, "fcc.out"), d, args, env, left)
                if args.profile and got is not None:
                    profile_fcc(exes[app.name], fin, d, args, env, left,
                                os.path.join(args.out, "profile-%s-%d.txt" % (app.name, k)))
                if got is not None:
                    results["fcc"] = got
                else:
                    row["problems"]["fcc"] = row["fcc"]["error"]
            else:
                row["problems"]["fcc"] = "not compiled" if app.name in meta["build_errors"] else "no executable"
            log("fcc: %s" % (fmt_time(row.get("fcc")) + " µs" if "time_s" in row.get("fcc", {}) else row["problems"].get("fcc", "")))
            if app.name in cuda and time.time() - START < args.deadline - 5:
                cout = os.path.join(d, "cuda.out")
                row["cuda"] = run_cuda(cuda[app.name], raw, cout, cuda_runs, app.cuda_args(p), left(args.timeout))
                if "error" not in row["cuda"]:
                    try:
                        results["cuda"] = read_raw(cout, [(dt, shp) for dt, shp in app.outputs], p)
                    except ValueError as e:
                        row["cuda"] = {"error": str(e)}
                if "error" in row["cuda"]:
                    row["problems"]["cuda"] = row["cuda"]["error"]
                log("cuda: %s" % (fmt_time(row["cuda"]) + " µs" if "time_s" in row["cuda"] else row["cuda"]["error"]))
            for fw in fw_ok:
                if fw not in app.frameworks or time.time() - START > args.deadline - 10:
                    continue
                fo = os.path.join(d, fw + ".out")
                r = run_framework(fw, app.name, fin, fo, args.runs, args.seconds, left(args.timeout))
                row["frameworks"][fw] = r
                if "error" in r:
                    row["problems"][fw] = r["error"]
                else:
                    results[fw] = futdata.read_file(fo)
                log("%s: %s" % (fw, fmt_time(r) + " µs" if "time_s" in r else r["error"]))
            # The reference: numpy's at toy sizes, else CUDA's, else fcc's.
            if args.small:
                ref_name, ref = "numpy", app.reference(p, xs)
            elif "cuda" in results:
                ref_name, ref = "cuda", results["cuda"]
            elif "fcc" in results:
                ref_name, ref = "fcc", results["fcc"]
            else:
                ref_name, ref = None, None
            row["reference"] = ref_name
            for name, got in results.items():
                if name == ref_name:
                    continue
                err = compare(got, ref, app.tol)
                if err:
                    row["problems"][name + " result"] = "against %s: %s" % (ref_name, err)
                    log("%s differs from %s: %s" % (name, ref_name, err))
            row["checked"] = sorted(n for n in results if n != ref_name)
            log("checked against %s: %s" % (ref_name, ", ".join(row["checked"]) or "nothing"))
            # The application's other programs: fcc only, on the same
            # inputs, beside the same CUDA run, against the same reference.
            for v in app.variants:
                if v in skip or time.time() - START > args.deadline - 10:
                    continue
                vrow = {"app": v, "size": row["size"], "params": p, "problems": {}, "frameworks": {},
                        "variant_of": app.name, "reference": ref_name, "checked": []}
                if "cuda" in row:
                    vrow["cuda"] = row["cuda"]
                rows.append(vrow)
                log("\n== %s %s" % (v, vrow["size"]))
                if v not in exes:
                    vrow["problems"]["fcc"] = "not compiled" if v in meta["build_errors"] else "no executable"
                    log("fcc: %s" % vrow["problems"]["fcc"])
                    continue
                vrow["fcc"], got = time_fcc(exes[v], fin, os.path.join(d, v + ".out"), d, args, env, left)
                if args.profile and got is not None:
                    profile_fcc(exes[v], fin, d, args, env, left, os.path.join(args.out, "profile-%s-%d.txt" % (v, k)))
                if got is None:
                    vrow["problems"]["fcc"] = vrow["fcc"]["error"]
                    log("fcc: %s" % vrow["fcc"]["error"])
                    continue
                log("fcc: %s µs" % fmt_time(vrow["fcc"]))
                if ref is not None:
                    err = compare(got, ref, app.tol)
                    if err:
                        vrow["problems"]["fcc result"] = "against %s: %s" % (ref_name, err)
                        log("fcc differs from %s: %s" % (ref_name, err))
                    vrow["checked"] = ["fcc"]
                log("checked against %s: %s" % (ref_name, ", ".join(vrow["checked"]) or "nothing"))
        if stopped:
            log("\nbudget (%.0fs) spent: the rest skipped" % args.budget)
            meta["skipped"] = [a.name for a in chosen[chosen.index(app):]]
            break

    md = report(rows, meta, fw_ok)
    if meta.get("skipped"):
        md += "\nNot run (time budget): %s\n" % ", ".join(meta["skipped"])
    with open(os.path.join(args.out, "results.md"), "w") as f:
        f.write(md)
    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump({"meta": meta, "rows": rows}, f, indent=1, default=str)
    log("\n" + md)
    log("total %.0fs" % (time.time() - START))
    return 0 if all(not r["problems"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
