#!/usr/bin/env bash
# W6's floor beside W6: on each table of bench/w6_tables.sql, the read of
# its rows (fetch, decode, a float8[] made: sum(vcount(px::float8[])); over
# the float8[] table sum(vcount(px))) then avg across the rows, each query 4
# times, in a new session per round, on the running 'make psql' installation.
#   make psql ARGS="-f bench/w6_tables.sql"
#   bench/w6_floor.sh [ROUNDS]
# FK_FLOOR_TABLES names the tables (default "xnvcin xnvc xnv xlz4").
set -euo pipefail
rounds=${1:-3}
cd "$(dirname "$0")/.."
port=${FK_TEST_PORT:-54329}
q=$(for t in ${FK_FLOOR_TABLES:-xnvcin xnvc xnv xlz4}; do
	read="sum(vcount(px::float8[]))"
	[ "$t" = xlz4 ] && read="sum(vcount(px))"
	for r in 1 2 3 4; do echo "SELECT $read FROM $t;"; done
	for r in 1 2 3 4; do echo "SELECT vsum(avg(px)) FROM $t;"; done
done)
for round in $(seq 1 "$rounds"); do
	out=$(printf '\\timing on\n%s\n' "$q" |
		psql -X -v ON_ERROR_STOP=1 -h "$PWD/tmp_check/psql/sock" -p "$port" -U postgres postgres 2>&1)
	echo "round $round: $(echo "$out" | awk '/^Time:/ {printf "%s ", $2}')"
done
