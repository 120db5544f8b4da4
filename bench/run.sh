#!/usr/bin/env bash
# Builds fcc and every benchmark program in bench/programs that compiles,
# into .devrun/bench (git-ignored), with the Python driver and baselines, so
# that the whole folder can be carried to the GPU machine and run there with
#
#     python3 .devrun/bench/gpu_run.py --out $OUT
#
# Programs that do not compile are listed, with fcc's error, and skipped;
# their baselines still run. Options:
#   --small [gpu_run.py options]
#             also run the suite here, at toy sizes, on the local OpenCL
#             platform (PoCL) against the numpy baselines (needs numpy);
#             with --frameworks numpy,torch and FCC_BENCH_TORCH_DEVICE=cpu
#             the PyTorch baselines run on the CPU too
#   --apps [build.sh options]
#             the applications tier instead: bench/apps/build.sh
set -uo pipefail

if [ "${1:-}" = "--apps" ]; then
	exec "$(dirname "$0")/apps/build.sh" "${@:2}"
fi

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root" || exit 1
dest=.devrun/bench
rm -rf "$dest"
mkdir -p "$dest/bin" "$dest/errors" "$dest/lib" "$dest/programs" "$dest/baselines"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "building fcc"
go build -o "$tmp/fcc" ./cmd/fcc || { echo "fcc does not build"; exit 1; }

ok=()
failed=()
for f in bench/programs/*.fut; do
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

cp bench/gpu_run.py bench/tune.sh "$dest/"
# fcc itself, for bench/tune.sh (fcc autotune and fcc bench with
# --skip-compilation need no Go toolchain there).
strip -o "$dest/fcc" "$tmp/fcc" 2>/dev/null || cp "$tmp/fcc" "$dest/fcc"
gzip -9 "$dest/fcc"
cp bench/baselines/*.py "$dest/baselines/"
cp bench/programs/*.fut "$dest/programs/"
# The OpenCL ICD loader, for a GPU machine that has NVIDIA's OpenCL library
# but no loader; gpu_run.py uses it only then.
loader=$(ldconfig -p 2>/dev/null | awk '/libOpenCL\.so\.1 .*x86-64/ {print $NF; exit}')
if [ -n "$loader" ]; then
	cp -L "$loader" "$dest/lib/libOpenCL.so.1"
fi
{
	echo "commit $(git rev-parse --short HEAD 2>/dev/null)$(git diff --quiet HEAD 2>/dev/null || echo '+changes'), built $(date -u +%Y-%m-%dT%H:%MZ)"
} >"$dest/build-info.txt"

echo
echo "compiled (${#ok[@]}): ${ok[*]:-none}"
echo "did not compile (${#failed[@]}):"
for name in "${failed[@]}"; do
	echo "  $name: $(grep -v '^\s*$' "$dest/errors/$name.txt" | head -1)"
done
size=$(du -sb "$dest" | cut -f1)
echo "$dest: $((size / 1024 / 1024)) MiB (64 MiB may travel)"
if [ "$size" -gt $((60 * 1024 * 1024)) ]; then
	echo "warning: $dest is over 60 MiB"
fi

if [ "${1:-}" = "--small" ]; then
	py=python3
	for p in /usr/bin/python3 python3; do
		if "$p" -c 'import numpy' 2>/dev/null; then py=$p; break; fi
	done
	"$py" "$dest/gpu_run.py" --small --out "$tmp/out" --work "$tmp/work" "${@:2}" || exit 1
	mkdir -p .devrun/bench-small
	cp "$tmp/out/"* .devrun/bench-small/
	echo "small run's results: .devrun/bench-small/"
fi

echo
echo "on the GPU machine: device run with carry [\".devrun/bench\"], timeout_s 600, command"
echo "  PYTHONUNBUFFERED=1 python3 .devrun/bench/gpu_run.py --out \$OUT"
