#!/usr/bin/env bash
# Builds bench/apps/srad.fut with fcc at BASE (default main's 4532a4b)
# as .devrun/bench-apps/bin/srad_main.gz, beside build.sh's executables,
# so that apps_run.py unpacks it as WORK/bin/srad_main for
# bench/probe/srad_regs.sh (registers, and the two builds timed
# alternately). Run after bench/apps/build.sh, from the repository root.
set -eu
base=${BASE:-4532a4b}
root=$(pwd)
tmp=$(mktemp -d)
trap 'git worktree remove --force "$tmp/src" 2>/dev/null; rm -rf "$tmp"' EXIT
git worktree add -q --detach "$tmp/src" "$base"
(cd "$tmp/src" && go build -o "$tmp/fcc" ./cmd/fcc && "$tmp/fcc" build bench/apps/srad.fut -o "$tmp/srad_main")
mkdir -p "$root/.devrun/bench-apps/bin"
gzip -9 -c "$tmp/srad_main" >"$root/.devrun/bench-apps/bin/srad_main.gz"
ls -l "$root/.devrun/bench-apps/bin/srad_main.gz"
