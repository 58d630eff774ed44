#!/usr/bin/env bash
# Peak memory of a fresh backend (VmHWM) running one query over vectors of
# 10^7 values: a compressed nvec, and a float8[] with a tenth of its
# elements NULL, for the readers that take a block at a time (shift,
# slices, casts, aggregates across rows; an aggregate's final result is as
# large as a row, so its transition alone is measured too, called as a
# plain function on the first row).  Each query runs RUNS times (2
# by default), each in its own session, against the 'make psql' cluster
# (test/harness.sh psql, port FK_TEST_PORT), which the first run fills.
#
#   bash bench/mem_block_readers.sh [setup]
#
# Prints one line per run: query, peak in MB.  The table is made once
# (setup forces it again); 'make stop' stops the cluster.
set -uo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-2}

q() {
	bash test/harness.sh psql -At -v ON_ERROR_STOP=1 "$@"
}

if [ "${1:-}" = setup ] || [ "$(q -c "SELECT to_regclass('mem_t') IS NULL")" = t ]; then
	q <<'EOF'
DROP TABLE IF EXISTS mem_t;
CREATE TABLE mem_t (id int, c nvec(compressed), p nvec, a float8[]);
ALTER TABLE mem_t ALTER c SET STORAGE external, ALTER p SET STORAGE external,
	ALTER a SET STORAGE external;
INSERT INTO mem_t
SELECT r, x, x, x::float8[]
FROM generate_series(1, 2) r,
	 LATERAL (SELECT array_agg(CASE WHEN i % 10 = 3 THEN NULL
								ELSE round(10000 + 1000 * sin(i * 0.0001 + r) + i % 7) / 100 END
							   ORDER BY i)::nvec AS x
			  FROM generate_series(1, 10000000) i) s;
SELECT id, nvec_encoding(c), pg_column_size(c), pg_column_size(p), pg_column_size(a) FROM mem_t;
EOF
fi

peak() {
	q -c "$1" \
		-c "SELECT (regexp_match(pg_read_file('/proc/self/status'), 'VmHWM:\s+(\d+)'))[1]::int / 1024"
}

while IFS='|' read -r name sql; do
	for run in $(seq "$RUNS"); do
		printf '%-34s %s MB\n' "$name" "$(peak "$sql" | tail -1)"
	done
done <<'EOF'
vsum(c) (reads by blocks already)|SELECT vsum(c)::text FROM mem_t WHERE id = 1
vsum(nvec_decompress(c))|SELECT vsum(nvec_decompress(c))::text FROM mem_t WHERE id = 1
shift(c, 5)|SELECT pg_column_size(shift(c, 5)) FROM mem_t WHERE id = 1
shift(c, -5)|SELECT pg_column_size(shift(c, -5)) FROM mem_t WHERE id = 1
shift(a, 5), float8[] with NULLs|SELECT pg_column_size(shift(a, 5)) FROM mem_t WHERE id = 1
c[5000000:5001023]|SELECT pg_column_size(c[5000000:5001023]) FROM mem_t WHERE id = 1
head(c, 1000)|SELECT pg_column_size(head(c, 1000)) FROM mem_t WHERE id = 1
c::float8[]|SELECT pg_column_size(c::float8[]) FROM mem_t WHERE id = 1
sum(c), 2 rows|SELECT pg_column_size(sum(c)) FROM mem_t
avg(c), 2 rows|SELECT pg_column_size(avg(c)) FROM mem_t
sum(a), 2 rows|SELECT pg_column_size(sum(a)) FROM mem_t
variance(a), 2 rows|SELECT pg_column_size(variance(a)) FROM mem_t
vec_avg_transfn(NULL, c), 1 row|SELECT pg_column_size(vec_avg_transfn(NULL, c)) FROM mem_t WHERE id = 1
vec_variance_transfn(NULL, a), 1 row|SELECT pg_column_size(vec_variance_transfn(NULL, a)) FROM mem_t WHERE id = 1
EOF
