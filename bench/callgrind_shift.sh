#!/usr/bin/env bash
# Instructions of shift(v, k) on plain inputs (callgrind, inclusive count of
# the SQL function in a single-user backend): nvec and float8[] of 10^6
# elements without NULLs and with a tenth NULL, k = 5 and k = -5.  Uses the
# 'make psql' cluster's data directory (tmp_check/psql/data, port
# FK_TEST_PORT), which it stops first and leaves stopped.
#
#   bash bench/callgrind_shift.sh [report]   (report: of the last outputs)
set -uo pipefail
cd "$(dirname "$0")/.."
top=$(pwd)
BINDIR=$top/tmp_install$(pg_config --bindir)
DATA=$top/tmp_check/psql/data
OUT=${OUT:-/tmp/fk_callgrind_shift}
mkdir -p "$OUT"
chmod 777 "$OUT"

# Inclusive instructions of function $3 in callgrind output $1, and those
# less the detoasting of its argument (pg_detoast_datum), labelled $2
report() {
	callgrind_annotate --inclusive=yes --threshold=100 "$1" 2>/dev/null |
		awk -v fn="$3" -v label="$2" '
			{ gsub(",", "", $1) }
			$0 ~ ":" fn " " { all = $1 }
			$0 ~ ":pg_detoast_datum " { toast = $1 }
			END { printf "%-26s %12d instructions, %12d less detoasting\n", label, all, all - toast }'
}

if [ "${1:-}" = report ]; then
	for f in "$OUT"/cg_*.out; do
		b=$(basename "$f" .out)
		fn=$(case $b in cg_p_* | cg_pn_*) echo shift_nvec ;; *) echo shift_float8arr ;; esac)
		report "$f" "$b $fn" "$fn"
	done
	exit 0
fi

bash test/harness.sh psql -q -v ON_ERROR_STOP=1 <<'EOF'
DROP TABLE IF EXISTS sh_t;
CREATE TABLE sh_t AS
SELECT array_agg(i * 0.25 ORDER BY i)::nvec AS p,
	   array_agg(i * 0.25 ORDER BY i) AS a,
	   array_agg(CASE WHEN i % 10 = 3 THEN NULL ELSE i * 0.25 END ORDER BY i)::nvec AS pn,
	   array_agg(CASE WHEN i % 10 = 3 THEN NULL ELSE i * 0.25 END ORDER BY i) AS an
FROM generate_series(1, 1000000) i;
EOF
make -s stop >/dev/null 2>&1 || bash test/harness.sh stop >/dev/null 2>&1

for col in p a pn an; do
	for k in 5 -5; do
		echo "SELECT pg_column_size(shift($col, $k)) FROM sh_t;" >"$OUT/q.sql"
		runuser -u postgres -- valgrind --tool=callgrind \
			--callgrind-out-file="$OUT/cg_${col}_$k.out" \
			"$BINDIR/postgres" --single -D "$DATA" postgres <"$OUT/q.sql" \
			>"$OUT/cg_${col}_$k.log" 2>&1
		fn=$(case $col in p | pn) echo shift_nvec ;; *) echo shift_float8arr ;; esac)
		report "$OUT/cg_${col}_$k.out" "$col k=$k $fn" "$fn"
	done
done
