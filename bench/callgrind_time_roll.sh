#!/bin/sh
# Instructions per element of FkTimeRoll (callgrind) over 10^6 irregular
# ticks, a window of 5 min, one repeat each: the SQL function's one step.
# Give another build of bench/time_roll_bench as $1 to compare (e.g. main's,
# built in a worktree of its own: git worktree add --detach DIR main).
# FK_TIME_CLOSED=left|both|neither measures windows closed so (a build
# from before closed ignores it and measures 'right').
#   make bench/bin/time_roll_bench && sh bench/callgrind_time_roll.sh [bench] [ops...]
set -e
cd "$(dirname "$0")/.."
bin=${1:-bench/bin/time_roll_bench}
[ $# -gt 0 ] && shift
ops=${*:-"sum mean stddev min count"}
for op in $ops; do
	out=$(mktemp)
	valgrind --tool=callgrind --callgrind-out-file="$out" \
		--toggle-collect=FkTimeRoll "$bin" 1 "$op" ${FK_TIME_CLOSED:-right} >/dev/null 2>&1
	ir=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
	rm -f "$out"
	printf '%-7s %s instr, %.2f per element\n' "$op" "$ir" "$(echo "$ir / 1000000" | bc -l)"
done
