#!/usr/bin/env bash
# Instructions of the check every reader makes of an nvec before reading it
# (pg_nvec_check.c), against the kernel that reads it: vsum and vmax of a
# plain nvec of 10^6 elements without NULLs and with a 97th NULL, in a
# single-user backend under callgrind (inclusive counts).  Without NULLs the
# check is O(1); with NULLs it counts the validity words (a 64th of the
# values).  Uses the 'make psql' cluster's data directory (tmp_check/psql/
# data, port FK_TEST_PORT), which it stops first and leaves stopped.
#
#   bash bench/callgrind_nvec_check.sh
set -uo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)
BINDIR=$top/tmp_install$(pg_config --bindir)
DATA=$top/tmp_check/psql/data
OUT=${OUT:-/tmp/fk_callgrind_nvec_check}
mkdir -p "$OUT"
chmod 777 "$OUT"

# Inclusive instructions of function $2 in callgrind output $1
count() {
	callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
		awk -v fn="$2" '{ gsub(",", "", $1) } $0 ~ ":" fn " " && $1 + 0 > n { n = $1 + 0 } END { print n + 0 }'
}

bash test/harness.sh psql -q -v ON_ERROR_STOP=1 <<'SQL'
CREATE EXTENSION IF NOT EXISTS fusekern;
DROP TABLE IF EXISTS ck_t;
CREATE TABLE ck_t AS
SELECT array_agg(i * 0.5 ORDER BY i)::nvec AS p,
	   array_agg(CASE WHEN i % 97 = 0 THEN NULL ELSE i * 0.5 END ORDER BY i)::nvec AS pn
FROM generate_series(1, 1000000) i;
SQL
make -s stop >/dev/null 2>&1 || bash test/harness.sh stop >/dev/null 2>&1

printf '%-14s %14s %14s %10s\n' input kernel check share
for col in p pn; do
	for fn in vsum vmax; do
		# a value in memory (a PL/pgSQL variable), read 20 times
		printf '%s\n' "DO \$\$ DECLARE v nvec := (SELECT $col FROM ck_t) + 0.0; s float8; BEGIN FOR i IN 1..20 LOOP s := $fn(v); END LOOP; END \$\$;" >"$OUT/q.sql"
		runuser -u postgres -- valgrind --tool=callgrind \
			--callgrind-out-file="$OUT/cg_${col}_$fn.out" \
			"$BINDIR/postgres" --single -D "$DATA" postgres <"$OUT/q.sql" \
			>"$OUT/cg_${col}_$fn.log" 2>&1
		kernel=$(count "$OUT/cg_${col}_$fn.out" "${fn}_nvec")
		check=$(count "$OUT/cg_${col}_$fn.out" FkNVecCheckPlain)
		printf '%-14s %14d %14d %9.3f%%\n' "$col $fn" "$kernel" "$check" \
			"$(echo "100 * $check / $kernel" | bc -l)"
	done
done
