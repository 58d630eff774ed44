#!/usr/bin/env bash
# Run a benchmark script that starts its own cluster (PostgreSQL::Test::Cluster)
# against a private installation (tmp_install), e.g.
#   bench/run_cluster_bench.sh bench/bench_worker.pl
#   bench/run_cluster_bench.sh bench/bench_dense_sql.pl
set -euo pipefail
script=${1:?usage: run_cluster_bench.sh bench/SCRIPT.pl}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
PG_CONFIG=${PG_CONFIG:-pg_config}
make -s all
rm -rf tmp_install
for d in "$($PG_CONFIG --bindir)" "$($PG_CONFIG --pkglibdir)" "$($PG_CONFIG --sharedir)"; do
	mkdir -p "tmp_install$(dirname "$d")"
	cp -a "$d" "tmp_install$d"
done
make -s install DESTDIR="$top/tmp_install" >/dev/null
BINDIR=$top/tmp_install$($PG_CONFIG --bindir)
LIBDIR=$top/tmp_install$($PG_CONFIG --pkglibdir)
out=$(mktemp -d /tmp/fk_bench.XXXXXX)
[ "$(id -u)" -eq 0 ] && chown postgres: "$out"
as=()
[ "$(id -u)" -eq 0 ] && as=(runuser -u postgres --)
"${as[@]}" env PATH="$BINDIR:$PATH" TESTDIR="$out" PERL5LIB="$LIBDIR/pgxs/src/test/perl" \
	PG_REGRESS="$LIBDIR/pgxs/src/test/regress/pg_regress" prove -v "$script" 2>&1 |
	grep -E "^# bench: |^Result"
