#!/bin/sh
# futhark-suite.sh measures fcc against a folder of Futhark's own test
# programs (tests/ of diku-dk/futhark, read into a scratch folder; they
# are never committed here). It is the method of tests/FUTHARK-SUITE.md's
# acceptance counts, kept so that a later run can be compared with it.
#
#   tools/futhark-suite.sh [-c] [-o OUTDIR] DIR...
#
# Every .fut file under the DIRs is classified by its first test block:
# "neg" when it expects a compile-time error (a line "-- error: REGEX"
# right after "-- =="), "pos" when it has test cases, "none" without a
# test block. Then
#   - the negative programs go through `fcc test -i` (which checks the
#     error's text against the regex, unanchored, as Futhark's tester does):
#     each is "expected" (rejected, message matches), "other" (rejected
#     with a message that does not match), "ice" (an internal compiler
#     error) or "accepted";
#   - the positive programs run interpreted (`fcc test -i`) and, with -c,
#     compiled (`fcc test`, OpenCL; PoCL on a machine without a GPU),
#     counting test cases.
# OUTDIR (default /tmp/futhark-suite) gets neg.tsv (file, outcome),
# pos-interpreted.tsv and pos-compiled.tsv (file, cases, failed), and the
# raw output of each run; a summary goes to stdout. FCC names the fcc
# binary (default: built from this checkout into OUTDIR).
set -eu

compiled=false
out=/tmp/futhark-suite
while getopts co: opt; do
	case $opt in
	c) compiled=true ;;
	o) out=$OPTARG ;;
	*)
		echo "usage: $0 [-c] [-o OUTDIR] DIR..." >&2
		exit 2
		;;
	esac
done
shift $((OPTIND - 1))
if [ $# -eq 0 ]; then
	echo "usage: $0 [-c] [-o OUTDIR] DIR..." >&2
	exit 2
fi
mkdir -p "$out"
if [ -z "${FCC:-}" ]; then
	FCC=$out/fcc
	(cd "$(dirname "$0")/.." && go build -o "$FCC" ./cmd/fcc)
fi

# classify prints neg, pos or none for one program.
classify() {
	awk '
	/^--[ \t]*==[ \t]*$/ { blk = 1; next }
	blk && /^--/ {
		s = $0; sub(/^--[ \t]*/, "", s)
		if (s == "" || s ~ /^tags[ \t]*\{/) next
		print (s ~ /^error:/ ? "neg" : "pos"); done = 1; exit
	}
	blk && !/^--/ { print "pos"; done = 1; exit }
	END { if (!done) print "none" }' "$1"
}

: >"$out/neg.list"
: >"$out/pos.list"
find "$@" -name '*.fut' | sort | while read -r f; do
	case $(classify "$f") in
	neg) echo "$f" >>"$out/neg.list" ;;
	pos) echo "$f" >>"$out/pos.list" ;;
	esac
done

# Negative programs, one outcome each.
: >"$out/neg.tsv"
if [ -s "$out/neg.list" ]; then
	# shellcheck disable=SC2046
	"$FCC" test -i --no-terminal $(cat "$out/neg.list") >"$out/neg.out" 2>"$out/neg.err" || true
	while read -r f; do
		if grep -q "^ok   $f " "$out/neg.out"; then
			o=expected
		elif grep -q "^FAIL $f:[0-9]*: compiled, but" "$out/neg.err"; then
			o=accepted
		elif awk -v f="$f" '
			index($0, "FAIL " f ":") == 1 { on = 1; next }
			/^FAIL / { on = 0 }
			on && /internal compiler error/ { found = 1 }
			END { exit !found }' "$out/neg.err"; then
			o=ice
		else
			o=other
		fi
		printf '%s\t%s\n' "$f" "$o" >>"$out/neg.tsv"
	done <"$out/neg.list"
fi

# runpos runs the positive programs in one mode and writes file, cases,
# failed cases.
runpos() {
	mode=$1
	shift
	# shellcheck disable=SC2046
	"$FCC" test "$@" --no-terminal $(cat "$out/pos.list") >"$out/pos-$mode.out" 2>"$out/pos-$mode.err" || true
	sed -n -e 's/^ok   \(.*\) (\([0-9]*\) cases)$/\1\t\2\t0/p' \
		-e 's/^FAIL \(.*\) (\([0-9]*\) of \([0-9]*\) cases failed)$/\1\t\3\t\2/p' \
		"$out/pos-$mode.out" | sort >"$out/pos-$mode.tsv"
}
if [ -s "$out/pos.list" ]; then
	runpos interpreted -i
	if $compiled; then
		runpos compiled
	fi
	# Programs whose test block has no case (compile-only): fcc check.
	: >"$out/compile-only.tsv"
	cut -f1 "$out/pos-interpreted.tsv" | sort | comm -23 "$out/pos.list" - | while read -r f; do
		if "$FCC" check "$f" >/dev/null 2>&1; then r=ok; else r=rejected; fi
		printf '%s\t%s\n' "$f" "$r" >>"$out/compile-only.tsv"
	done
fi

echo "negative programs: $(wc -l <"$out/neg.list")"
for o in expected other ice accepted; do
	printf '  %-9s %s\n' "$o" "$(awk -F'\t' -v o=$o '$2 == o' "$out/neg.tsv" | wc -l)"
done
echo "positive programs: $(wc -l <"$out/pos.list")"
if [ -f "$out/compile-only.tsv" ]; then
	printf '  %-11s %s of %s accepted\n' compile-only "$(grep -c '	ok$' "$out/compile-only.tsv")" "$(wc -l <"$out/compile-only.tsv")"
fi
for mode in interpreted compiled; do
	[ -f "$out/pos-$mode.tsv" ] || continue
	awk -F'\t' -v m=$mode '{ n++; c += $2; f += $3; if ($3 == 0) ok++ }
		END { printf "  %-11s programs passing %d of %d, cases passing %d of %d\n", m, ok, n, c - f, c }' "$out/pos-$mode.tsv"
done
