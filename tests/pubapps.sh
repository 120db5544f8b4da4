#!/usr/bin/env bash
# Runs fcc on a collection of published Futhark applications laid out as
# `futhark pkg sync` leaves them (each program beside its lib/github.com/...
# packages) and prints one table row per program: does it type-check, does
# it compile, and do its test cases with inline or present data pass
# (compiled, OpenCL; PoCL on a machine without a GPU).
#
#   tests/pubapps.sh [-i] [-n] DIR [FCC]
#
# DIR holds the programs: every .fut file outside a lib/ folder, or the
# paths listed in DIR/programs.txt (one a line, relative to DIR) where that
# file exists. FCC is the fcc binary (default: built from this checkout
# into a temporary folder). -i also runs the test cases interpreted; -n
# skips the compiled test run (check and build only).
#
# The collection is third-party code: keep it outside the repository (the
# note in tests/FUTHARK-SUITE.md says how the last one was made).
set -u

interp=0
runtests=1
while getopts "in" opt; do
	case $opt in
	i) interp=1 ;;
	n) runtests=0 ;;
	*) echo "usage: $0 [-i] [-n] DIR [FCC]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ]; then
	echo "usage: $0 [-i] [-n] DIR [FCC]" >&2
	exit 2
fi
dir=$(cd "$1" && pwd) || exit 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ $# -ge 2 ]; then
	fcc=$(realpath "$2")
else
	root=$(cd "$(dirname "$0")/.." && pwd)
	(cd "$root" && go build -o "$work/fcc" ./cmd/fcc) || exit 2
	fcc=$work/fcc
fi

if [ -f "$dir/programs.txt" ]; then
	programs=$(grep -v '^#' "$dir/programs.txt" | grep .)
else
	programs=$(cd "$dir" && find . -name '*.fut' -not -path '*/lib/*' | sed 's|^\./||' | sort)
fi

# first_error prints the first line of fcc's output that says what went
# wrong, without the file's folder.
first_error() {
	grep -m1 -E 'error|FAIL|panic' "$1" | cut -c1-110
}

# has_cases reports whether the program's test block has a case that can
# run here: inline input, or an input file that is present. Random inputs
# are benchmark sizes with no expected output (gigabytes for some
# programs): they are not run.
has_cases() {
	local f=$1
	grep -E '^--.*input *\{' "$f" | grep -qv 'random' && return 0
	local d
	d=$(dirname "$f")
	for data in $(grep -oE '^--.*input *@ *[^ ]+' "$f" | sed 's/.*@ *//'); do
		[ -f "$d/$data" ] && return 0
	done
	return 1
}

n=0 checked=0 built=0 tested=0 passed=0
printf '%-58s %-6s %-6s %-8s %s\n' program check build test "first error"
for p in $programs; do
	n=$((n + 1))
	f=$dir/$p
	d=$(dirname "$f")
	b=$(basename "$f")
	log=$work/log
	chk=FAIL bld=- tst=- err=
	if (cd "$d" && "$fcc" check "$b") >"$log" 2>&1; then
		chk=ok
		checked=$((checked + 1))
		lib=
		grep -qE '^(entry|def main|let main)' "$f" || lib=--library
		if (cd "$d" && "$fcc" build $lib -o "$work/out" "$b") >"$log" 2>&1; then
			bld=ok
			built=$((built + 1))
		else
			bld=FAIL
			err=$(first_error "$log")
		fi
		rm -rf "$work/out"
		if [ $runtests = 1 ] && [ $bld = ok ] && has_cases "$f"; then
			tested=$((tested + 1))
			flags=
			[ $interp = 1 ] && flags=-i
			(cd "$d" && "$fcc" test $flags --no-terminal "$b") >"$log" 2>&1
			# Cases whose data file is not in the collection (published
			# programs often read generated data) fail to open it; they
			# are counted apart, not as failures of the program.
			ok=$(grep -oE '^[0-9]+ passed' "$log" | grep -oE '[0-9]+')
			failed=$(grep -oE '[0-9]+ failed' "$log" | tail -1 | grep -oE '[0-9]+')
			missing=$(grep -c 'input: open .*: no such file or directory' "$log")
			if [ "${ok:-0}" -gt 0 ] && [ "${failed:-0}" -eq "$missing" ]; then
				tst="ok($ok passed"
				passed=$((passed + 1))
			else
				tst="FAIL(${ok:-0} passed, $((${failed:-0} - missing)) failed"
				err=$(grep -v 'no such file' "$log" | first_error /dev/stdin)
			fi
			[ "$missing" -gt 0 ] && tst="$tst, $missing no data"
			tst="$tst)"
		fi
	else
		err=$(first_error "$log")
	fi
	printf '%-58s %-6s %-6s %-8s %s\n' "$p" "$chk" "$bld" "$tst" "$err"
done
echo
echo "programs: $n; type-check: $checked; compile: $built; with runnable data: $tested; tests pass: $passed"
