#!/bin/sh
# Exits non-zero when grammar/parser is not what Futhark.g4 generates.
# Needs node/npm (the pinned antlr-ng is installed from package-lock.json).
set -eu
cd "$(dirname "$0")"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
sh gen.sh "$tmp/parser"
if ! diff -r "$tmp/parser" parser >/dev/null; then
	echo "grammar/parser is stale: run 'go generate ./grammar/...' and commit the result" >&2
	diff -rq "$tmp/parser" parser >&2 || true
	exit 1
fi
echo "grammar/parser is up to date"
