#!/bin/sh
# Instructions per element of FkRollStep (callgrind) for the rolling mean
# and stddev at each window, ring and in place together: one repeat over
# 10^6 elements each, so the count divided by 2 x 10^6.
#   make bench/bin/roll_bench && sh bench/callgrind_roll.sh [windows...]
set -e
cd "$(dirname "$0")/.."
ws=${*:-"5 20 50 250 1000"}
for op in mean stddev; do
	for w in $ws; do
		out=$(mktemp)
		valgrind --tool=callgrind --callgrind-out-file="$out" \
			--toggle-collect=FkRollStep bench/bin/roll_bench "$w" 1 "$op" >/dev/null 2>&1
		ir=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
		rm -f "$out"
		printf '%-7s w=%-5s %s instr, %.1f per element\n' "$op" "$w" "$ir" \
			"$(echo "$ir / 2000000" | bc -l)"
	done
done
