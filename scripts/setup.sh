#!/usr/bin/env bash
# Installs what fcc needs on a Debian or Ubuntu machine: the OpenCL headers
# and ICD loader, PoCL (an OpenCL implementation on the CPU, for machines
# without a GPU), the Go modules, and the pinned grammar generator.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi

pkgs="ocl-icd-opencl-dev opencl-headers pocl-opencl-icd clinfo python3-numpy"
missing=""
for p in $pkgs; do
	dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "setup: installing$missing"
	$sudo apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing >/dev/null
fi

command -v go >/dev/null || { echo "setup: fcc needs Go 1.24 or newer on PATH" >&2; exit 1; }
go mod download

# The grammar generator (antlr-ng, pinned in grammar/package-lock.json) is
# only needed to regenerate or check the committed parser.
if command -v npm >/dev/null; then
	(cd grammar && npm ci --silent --no-audit --no-fund >/dev/null)
fi
