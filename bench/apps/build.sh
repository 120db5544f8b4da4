#!/usr/bin/env bash
# Prepares the applications tier for the GPU machine in .devrun/bench-apps
# (git-ignored): fcc's executables of bench/apps/*.fut (gzipped; fcc's error
# for each one that does not compile in errors/), the CUDA sources, the
# driver and its Python modules, and an OpenCL ICD loader. Inputs are made
# there, by numpy. Then, on the GPU machine:
#
#     python3 .devrun/bench-apps/apps_run.py --out $OUT
#
# Options:
#   --small [apps_run.py options]
#             also run the tier here at toy sizes on the local OpenCL
#             platform (PoCL), checked against numpy; CUDA is skipped
#             without nvcc, frameworks that do not import are skipped
set -uo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 1
dest=.devrun/bench-apps
rm -rf "$dest"
mkdir -p "$dest/bin" "$dest/errors" "$dest/lib" "$dest/cuda" "$dest/baselines" "$dest/programs"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "building fcc"
go build -o "$tmp/fcc" ./cmd/fcc || { echo "fcc does not build"; exit 1; }

ok=()
failed=()
for f in bench/apps/*.fut; do
	name=$(basename "$f" .fut)
	if timeout 600 "$tmp/fcc" build "$f" -o "$dest/bin/$name" >"$tmp/$name.log" 2>&1; then
		strip "$dest/bin/$name" 2>/dev/null || true
		gzip -9 "$dest/bin/$name"
		ok+=("$name")
	else
		rm -f "$dest/bin/$name"
		cp "$tmp/$name.log" "$dest/errors/$name.txt"
		failed+=("$name")
	fi
done

cp bench/apps/apps_run.py bench/apps/apps.py bench/apps/frameworks.py bench/gpu_run.py "$dest/"
cp bench/apps/cuda/*.cu "$dest/cuda/"
cp bench/apps/*.fut "$dest/programs/"
cp bench/baselines/*.py "$dest/baselines/"
loader=$(ldconfig -p 2>/dev/null | awk '/libOpenCL\.so\.1 .*x86-64/ {print $NF; exit}')
if [ -n "$loader" ]; then
	cp -L "$loader" "$dest/lib/libOpenCL.so.1"
fi
echo "commit $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet HEAD 2>/dev/null || echo '+changes'), built $(date -u +%Y-%m-%dT%H:%MZ)" >"$dest/build-info.txt"

echo
echo "compiled (${#ok[@]}): ${ok[*]:-none}"
echo "did not compile (${#failed[@]}):"
for name in "${failed[@]}"; do
	echo "  $name: $(grep -v '^\s*$' "$dest/errors/$name.txt" | head -1)"
done
size=$(du -sb "$dest" | cut -f1)
echo "$dest: $((size / 1024)) KiB"

if [ "${1:-}" = "--small" ]; then
	py=python3
	for p in /usr/bin/python3 python3; do
		if "$p" -c 'import numpy' 2>/dev/null; then py=$p; break; fi
	done
	extra=()
	# Without nvcc, the CUDA baselines run on the CPU through the stand-in
	# runtime of bench/apps/cuda/cpu (slow: one timed run each).
	if ! command -v nvcc >/dev/null && bash bench/apps/cuda/cpu/build.sh "$tmp/cuda-cpu" >"$tmp/cuda-cpu.log" 2>&1; then
		extra=(--cuda-bin "$tmp/cuda-cpu" --cuda-runs 1)
	elif ! command -v nvcc >/dev/null; then
		echo "CUDA baselines not built for the CPU:"; tail -20 "$tmp/cuda-cpu.log"
	fi
	"$py" "$dest/apps_run.py" --small --out "$tmp/out" --work "$tmp/work" "${extra[@]}" "${@:2}"
	rc=$?
	mkdir -p .devrun/bench-apps-small
	cp "$tmp/out/"* .devrun/bench-apps-small/
	echo "small run's results: .devrun/bench-apps-small/"
	[ $rc -eq 0 ] || exit $rc
fi

echo
echo "on the GPU machine: device run with carry [\".devrun/bench-apps\"], timeout_s 600, command"
echo "  PYTHONUNBUFFERED=1 python3 .devrun/bench-apps/apps_run.py --out \$OUT"
