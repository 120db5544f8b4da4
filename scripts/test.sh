#!/usr/bin/env bash
# Sets up the machine and runs every test: formatting, vet, the grammar
# staleness check, and the Go test suite (which includes the end-to-end
# programs, interpreted and compiled to OpenCL on PoCL).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

echo "== gofmt"
unformatted=$(gofmt -l $(git ls-files '*.go' | grep -v '^grammar/parser/'))
if [ -n "$unformatted" ]; then
	echo "gofmt would change:"; echo "$unformatted"; exit 1
fi
echo "== go vet"
go vet ./...
echo "== grammar is up to date"
grammar/check-stale.sh
echo "== go test"
# The compiled corpus runs once, through fcc test below.
FCC_SKIP_GRAMMAR_STALE=1 FCC_SKIP_COMPILED_E2E=1 go test -count=1 -timeout 45m ./... 2>&1 | tee /tmp/fcc-test.log
echo "== server: no device or host memory leak over a million calls"
# go test ./... above makes 5000; this makes a million (about a minute on
# PoCL), bounded by the timeout.
FCC_SERVER_CALLS=1000000 go test -count=1 -timeout 15m -run '^TestServerNoLeak$' ./runtime/exe/
echo "== fcc test (compiled, OpenCL)"
go run ./cmd/fcc test tests/programs examples
echo "== fcc test (interpreted)"
go run ./cmd/fcc test -i tests/programs examples
echo "== fuzz (each target briefly; FCC_FUZZTIME overrides 5000x)"
# Every fuzz target in the repository, found afresh so new ones are fuzzed
# too. A crash fails the script; go test writes the crashing input to the
# package's testdata/fuzz/<Target>/ folder, to commit as a regression.
# The budget is a count of executions, not a duration: Go 1.26's fuzz
# coordinator can report "context deadline exceeded" as a failure when a
# duration runs out while a worker is busy (go.dev/issue/75804, fixed in
# Go 1.27), which failed CI on a loaded machine with no crashing input.
fuzztime=${FCC_FUZZTIME:-5000x}
fuzz_targets=$(grep -rl --include='*_test.go' '^func Fuzz' . | while read -r file; do
	for target in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' "$file"); do
		echo "./$(dirname "${file#./}") $target"
	done
done | sort -u)
# Targets each of whose inputs runs the whole frontend (with modules) or
# the whole code generator take about half a second an input: they get a
# smaller count (FCC_FUZZTIME_SLOW overrides 200x).
slow_targets="FuzzModules FuzzHostileNames FuzzLibrary"
while read -r pkg target; do
	[ -n "$target" ] || continue
	n=$fuzztime
	case " $slow_targets " in *" $target "*) n=${FCC_FUZZTIME_SLOW:-200x} ;; esac
	echo "-- $target ($pkg, $n)"
	go test -run '^$' -fuzz "^${target}\$" -fuzztime "$n" "$pkg"
done <<< "$fuzz_targets"
echo "== race"
go test -race -count=1 ./runtime/...
