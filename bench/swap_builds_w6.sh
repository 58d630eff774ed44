#!/usr/bin/env bash
# Two builds of fusekern.so side by side on W6 (aggregates across rows):
# each round copies one build into the running 'make psql' installation and
# times the queries in a new session (4 runs of each query; the first run of
# a table may read from outside shared buffers), the builds alternating.
#   make psql ARGS="-f bench/w6_tables.sql"
#   bench/swap_builds_w6.sh BEFORE.so AFTER.so [ROUNDS]
# FK_SWAP_QUERIES names the queries, table:aggregate each (default "xnvc:avg
# xnv:avg xlz4:avg xnvc:sum").
# The installation is left with AFTER.so.
set -euo pipefail
before=${1:?usage: swap_builds_w6.sh BEFORE.so AFTER.so [ROUNDS]}
after=${2:?usage: swap_builds_w6.sh BEFORE.so AFTER.so [ROUNDS]}
rounds=${3:-4}
cd "$(dirname "$0")/.."
so=tmp_install$(pg_config --pkglibdir)/fusekern.so
port=${FK_TEST_PORT:-54329}
q=$(for t in ${FK_SWAP_QUERIES:-xnvc:avg xnv:avg xlz4:avg xnvc:sum}; do
	for r in 1 2 3 4; do echo "SELECT vsum(${t#*:}(px)) FROM ${t%:*};"; done
done)
for round in $(seq 1 "$rounds"); do
	for which in before after; do
		[ $which = before ] && cp "$before" "$so" || cp "$after" "$so"
		out=$(printf '\\timing on\n%s\n' "$q" |
			psql -X -h "$PWD/tmp_check/psql/sock" -p "$port" -U postgres postgres 2>&1)
		echo "round $round $which: $(echo "$out" | awk '/^Time:/ {printf "%s ", $2}')"
	done
done
cp "$after" "$so"
