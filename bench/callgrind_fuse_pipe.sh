#!/bin/sh
# Instructions per element (callgrind) of cumsum(dlog(x, 1)) over 10^6
# elements, without NULLs and with 10% NULLs: the fused evaluator as
# compiled, with the pair unmarked, with neither marked, and the two
# kernels unfused (see bench/fuse_pipe_bench.c).
#   make bench/bin/fuse_pipe_bench && sh bench/callgrind_fuse_pipe.sh
set -e
cd "$(dirname "$0")/.."
for nulls in 0 1; do
	for mode in 3 2 1 0; do
		out=$(mktemp)
		valgrind --tool=callgrind --callgrind-out-file="$out" \
			--toggle-collect=EvaluateFused --toggle-collect=EvaluateUnfused \
			bench/bin/fuse_pipe_bench 1 "$mode" "$nulls" >/dev/null 2>&1
		ir=$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1}')
		rm -f "$out"
		case $mode in
			3) name="as compiled" ;;
			2) name="pair unmarked" ;;
			1) name="neither marked" ;;
			0) name="unfused" ;;
		esac
		printf 'nulls=%s %-15s %s instr, %.1f per element\n' "$nulls" \
			"$name" "$ir" "$(echo "$ir / 1000000" | bc -l)"
	done
done
