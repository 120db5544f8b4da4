#!/usr/bin/env bash
# fcc autotune over the benchmark suite, on the GPU machine: for each
# program of .devrun/bench (bench/run.sh builds it, with fcc itself) that
# has tunable thresholds, fcc autotune writes PROG.fut.tuning, then
# fcc bench times the program on its data sets with the default
# parameters and with the tuned ones. The tuning files, fcc bench's JSON
# and a table (tuning.md) go to $OUT. Run from the repository root:
#
#     bash bench/tune.sh            # PLATFORM=NVIDIA by default
set -u
d=${FCC_BENCH_DIR:-.devrun/bench}
out=${OUT:-/tmp/fcc-tune}
plat=${PLATFORM:-NVIDIA}
w=/tmp/fcc-tune-work
rm -rf "$w" && mkdir -p "$w" "$out"
gunzip -c "$d/fcc.gz" >"$w/fcc" && chmod +x "$w/fcc"
for f in "$d"/programs/*.fut; do
	name=$(basename "$f" .fut)
	[ -f "$d/bin/$name.gz" ] || continue
	cp "$f" "$w/"
	gunzip -c "$d/bin/$name.gz" >"$w/$name" && chmod +x "$w/$name"
	"$w/$name" --print-params | grep -q '(threshold)' || continue
	echo "== $name" | tee -a "$out/autotune.log"
	(cd "$w" && timeout "${TUNE_TIMEOUT:-240}" ./fcc autotune --skip-compilation --pass-option=-p"$plat" -r 3 "$name.fut") >>"$out/autotune.log" 2>&1
	cp "$w/$name.fut.tuning" "$out/" 2>/dev/null || continue
	for v in default tuned; do
		flag=""
		[ "$v" = default ] && flag=--no-tuning
		(cd "$w" && timeout "${TUNE_TIMEOUT:-240}" ./fcc bench --skip-compilation $flag --no-terminal --pass-option=-p"$plat" -r 5 --json "$out/$name.$v.json" "$name.fut") >>"$out/bench.log" 2>&1
	done
done
python3 - "$out" <<'PY'
import glob, json, os, statistics, sys
out = sys.argv[1]
rows = ["| program | data set | default | tuned | speed-up | tuned parameters |", "|---|---|---|---|---|---|"]
for f in sorted(glob.glob(os.path.join(out, "*.default.json"))):
    name = os.path.basename(f)[:-len(".default.json")]
    tf = os.path.join(out, name + ".tuned.json")
    if not os.path.exists(tf):
        continue
    d, t = json.load(open(f)), json.load(open(tf))
    params = open(os.path.join(out, name + ".fut.tuning")).read().split()
    for prog, v in d.items():
        for ds, r in v["datasets"].items():
            try:
                a = statistics.median(r["runtimes"])
                b = statistics.median(t[prog]["datasets"][ds]["runtimes"])
            except (KeyError, statistics.StatisticsError, TypeError):
                continue
            rows.append("| %s | %s | %d us | %d us | %.2fx | %s |" % (name, ds, a, b, a / b, " ".join(params)))
open(os.path.join(out, "tuning.md"), "w").write("\n".join(rows) + "\n")
print("\n".join(rows))
PY
