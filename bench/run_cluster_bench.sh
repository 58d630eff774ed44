#!/usr/bin/env bash
# Run a benchmark script that starts its own cluster (PostgreSQL::Test::Cluster)
# against the private installation of test/harness.sh, e.g.
#   bench/run_cluster_bench.sh bench/bench_worker.pl
#   bench/run_cluster_bench.sh bench/bench_dense_sql.pl
set -euo pipefail
script=${1:?usage: run_cluster_bench.sh bench/SCRIPT.pl}
cd "$(dirname "$0")/.."
make -s all
bash test/harness.sh prove "$script" 2>&1 | grep -E "^# bench: |^Result"
