#!/bin/sh
# Instructions (callgrind, collected inside standard_ExecutorRun) of one
# SQL script run by a single-user backend on the 'harness.sh psql' cluster
# (stopped first: 'harness.sh stop'), for repeatable counts of a query
# fused and unfused where wall clock is too noisy.  The table the queries
# read is made by bench/callgrind_sql_setup.sql (run it through
# 'harness.sh psql -f' first).  Prints the total; the callgrind file is
# kept for callgrind_annotate.  An environment for the backend (a CPU cap)
# may be given in FK_CG_ENV.
#   sh bench/callgrind_sql_query.sh NAME 'SET fusekern.enable_fusion = off; SELECT ...;'
set -e
cd "$(dirname "$0")/.."
name=$1
out=/tmp/fk-cg-sql.$name.out
sql=$(mktemp)
printf '%s\n' "$2" > "$sql"
chmod 644 "$sql"
runuser -u postgres -- env $FK_CG_ENV valgrind --tool=callgrind \
	--callgrind-out-file="$out" --toggle-collect=standard_ExecutorRun \
	tmp_install/usr/lib/postgresql/15/bin/postgres --single \
	-D tmp_check/psql/data -c max_parallel_workers_per_gather=0 -c jit=off \
	postgres < "$sql" > "$out.log" 2>&1
rm -f "$sql"
printf '%s %s instr (%s)\n' "$name" \
	"$(callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ {print $1}')" "$out"
