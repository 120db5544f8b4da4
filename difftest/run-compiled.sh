#!/bin/bash
# Runs the compiled differential tester in chunks of N programs with
# successive seeds, until the file STOP appears in the output folder,
# appending one line per chunk to OUT/summary.log (see RUNS.md).
#
#   nice -n 19 difftest/run-compiled.sh FCC FIRST_SEED N OUT
#
# FCC is an fcc binary (build it from a tree that compiles: the run takes
# hours). Failures, shrunk, land in OUT/fail as test programs.
set -u
fcc=$(realpath "$1")
seed=$2
n=$3
out=$4
mkdir -p "$out"
cd "$out" || exit 1
while [ ! -e STOP ]; do
	start=$(date -u +%s)
	echo "START seed=$seed n=$n $(date -u +%FT%TZ)" >> summary.log
	"$fcc" difftest -n "$n" --seed "$seed" --compiled --batch 50 --out fail -v > "out_$seed.txt" 2> "log_$seed.txt"
	rc=$?
	echo "END seed=$seed n=$n rc=$rc secs=$(( $(date -u +%s) - start )) $(tail -3 "out_$seed.txt" | tr '\n' ' ')" >> summary.log
	seed=$((seed + 1))
done
