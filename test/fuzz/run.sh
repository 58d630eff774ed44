#!/usr/bin/env bash
# Run the libFuzzer harnesses, each for a time, from its kept corpus.
#
#   run.sh SECONDS OUTDIR TARGET...
#
# New inputs go to OUTDIR/corpus/TARGET (the kept corpus under
# test/fuzz/corpus/ is only read), a crashing input to OUTDIR/crash-*.
# Prints one TAP line per target, with its executions and their rate.
set -uo pipefail

secs=${1:?usage: run.sh SECONDS OUTDIR TARGET...}
out=${2:?usage: run.sh SECONDS OUTDIR TARGET...}
shift 2
top=$(cd "$(dirname "$0")/../.." && pwd)
failed=0
i=0

echo "1..$#"
for t in "$@"; do
	i=$((i + 1))
	bin=$top/test/fuzz/build/fuzz_$t
	log=$out/fuzz_$t.log
	mkdir -p "$out/corpus/$t"
	"$bin" -max_total_time="$secs" -print_final_stats=1 -artifact_prefix="$out/$t-" \
		"$out/corpus/$t" "$top/test/fuzz/corpus/$t" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	if [ $rc -eq 0 ] && [ -n "$runs" ]; then
		echo "ok $i - fuzz_$t: $runs executions in ${secs} s ($rate/s), no finding"
	else
		failed=1
		echo "not ok $i - fuzz_$t: exit $rc, log $log"
		grep -E '^(==[0-9]+==ERROR|SUMMARY|invariant|.*: unexpected error|.*runtime error)' "$log" | head -5 | sed 's/^/# /'
		ls "$out/$t-"* 2>/dev/null | sed 's/^/# input: /'
	fi
done
exit $failed
