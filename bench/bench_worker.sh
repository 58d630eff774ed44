#!/usr/bin/env bash
# Run bench/bench_worker.pl against a private installation (tmp_install).
set -euo pipefail
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
	PG_REGRESS="$LIBDIR/pgxs/src/test/regress/pg_regress" prove -v bench/bench_worker.pl 2>&1 |
	grep -E "flops\)|counters|^Result"
