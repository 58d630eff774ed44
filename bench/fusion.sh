#!/usr/bin/env bash
# Fusion benchmark (bench/fusion.sql) against a running server where fusekern
# is installed; connection from the usual PG* variables.
#
#   bench/fusion.sh [database]
#
# Settings from the environment: FK_FUSION_N (elements, 1000000),
# FK_FUSION_RUNS (timed runs of each side of a comparison, 31).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
db=${1:-fk_fusion_bench}
n=${FK_FUSION_N:-1000000}
runs=${FK_FUSION_RUNS:-31}

psql -X -q -d postgres -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db"
psql -X -q -d "$db" -c 'CREATE EXTENSION fusekern'
PGOPTIONS="-c fk.runs=$runs" \
	psql -X -q -d "$db" -v n="$n" -f "$top/bench/fusion.sql"
psql -X -q -d postgres -c "DROP DATABASE $db"
