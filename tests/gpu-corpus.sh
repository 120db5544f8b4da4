#!/usr/bin/env bash
# Runs the whole test corpus compiled on a GPU machine that has no Go
# toolchain. Here:
#
#     tests/gpu-corpus.sh build [go test -run pattern]
#
# compiles every corpus program (as the e2e suite does) into one bundle
# executable and the test binary, into .devrun/corpus (git-ignored). There,
# with .devrun/corpus carried along:
#
#     tests/gpu-corpus.sh run [extra executable options, e.g. -p NVIDIA]
#
# (FCC_RUN=pattern narrows the tests run, as go test -run; FCC_PARALLEL
# sets how many programs run at once, FCC_TEST_FLAGS adds test flags such
# as -test.v). With
# FCC_PROGRAMS=DIR at build time, the corpus is DIR's programs (such as
# generated difftest programs, difftest/export) instead of tests/programs;
# they travel in .devrun/corpus/programs.
#
# links the bundle under every program's name and runs the e2e suite with
# the prebuilt executables (FCC_PREBUILT), interpreting every program too.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
dest=.devrun/corpus
case "${1:-}" in
build)
	pattern=${2:-TestPrograms}
	rm -rf "$dest"
	mkdir -p "$dest"
	if [ -n "${FCC_PROGRAMS:-}" ]; then
		mkdir -p "$dest/programs"
		cp "$FCC_PROGRAMS"/*.fut "$dest/programs/"
		export FCC_PROGRAMS="$PWD/$dest/programs"
	fi
	FCC_BUNDLE="$PWD/$dest/bundle" FCC_SKIP_COMPILED_E2E= go test ./tests -count=1 -timeout 90m -run "$pattern" >"$dest/build.log" 2>&1 || {
		tail -30 "$dest/build.log"
		exit 1
	}
	go test -c -o "$dest/tests.test" ./tests
	strip "$dest/tests.test" 2>/dev/null || true
	gzip -9 "$dest/bundle" "$dest/tests.test"
	du -sh "$dest"
	;;
run)
	shift
	gunzip -kf "$dest/bundle.gz" "$dest/tests.test.gz"
	chmod +x "$dest/bundle" "$dest/tests.test"
	links=$(mktemp -d)
	corpus=(tests/programs/*.fut examples/*.fut)
	if [ -d "$dest/programs" ]; then
		export FCC_PROGRAMS="$PWD/$dest/programs"
		corpus=("$dest"/programs/*.fut)
	fi
	for f in "${corpus[@]}"; do
		ln -sf "$PWD/$dest/bundle" "$links/$(basename "$f" .fut)"
	done
	cd tests
	FCC_PREBUILT="$links" FCC_EXE_ARGS="$*" ../"$dest"/tests.test -test.run "${FCC_RUN:-TestPrograms}" -test.parallel "${FCC_PARALLEL:-8}" -test.timeout 2h ${FCC_TEST_FLAGS:-} 2>&1
	;;
*)
	echo "usage: tests/gpu-corpus.sh build [pattern] | run [executable options]" >&2
	exit 2
	;;
esac
