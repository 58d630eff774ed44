#!/bin/sh
# Instructions per element (callgrind) of the fused rolling z-score
# (x - rolling_mean(x, w)) / rolling_stddev(x, w) over 10^6 elements, the
# input held whole and fetched a block at a time: the program as compiled
# (a moments pair) and with the pair unmarked (see bench/zscore_bench.c),
# with the functions that take the most.
#   make bench/bin/zscore_bench && sh bench/callgrind_zscore.sh [windows...]
set -e
cd "$(dirname "$0")/.."
ws=${*:-"20"}
for w in $ws; do
	for kind in 0 1; do
		for mode in 0 1; do
			out=$(mktemp)
			valgrind --tool=callgrind --callgrind-out-file="$out" \
				--toggle-collect=EvaluateFused \
				bench/bin/zscore_bench "$w" 1 "$mode" "$kind" >/dev/null 2>&1
			ir=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
			printf 'w=%-4s %-7s %-9s %s instr, %.1f per element\n' "$w" \
				"$([ "$kind" = 0 ] && echo whole || echo fetched)" \
				"$([ "$mode" = 1 ] && echo pair || echo unmarked)" "$ir" \
				"$(echo "$ir / 1000000" | bc -l)"
			callgrind_annotate --inclusive=no "$out" 2>/dev/null |
				awk '/file:function/ {on = 1; next} on && NF > 2 && n < 5 {print "    " $0; n++}'
			rm -f "$out"
		done
	done
done
