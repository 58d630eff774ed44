#!/usr/bin/env bash
# 'make sanitize-check FK_SANITIZE_SERVER=source': PostgreSQL 18 built from
# Debian's source package with -fsanitize=address,undefined (and assertions),
# the extension built the same way against it, then pg_regress, pgTAP and
# the TAP suites with the sanitizers' reports counted (docs/hardening.md).
# The server needs no preload: ASan is linked into postgres itself.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"

# the server's own programs (pg_config, initdb, psql) are sanitized too:
# no leak report at their exit (postgres frees nothing at exit either)
export ASAN_OPTIONS=detect_leaks=0
pgc=$(bash test/ci/pg_source.sh server "${FK_SANITIZE_MAJOR:-18}" asan)
ov=$(bash test/ci/pg_source.sh pgtap "$pgc")
make -s clean PG_CONFIG="$pgc" >/dev/null
# ASan's frames are larger: the deepest expressions the suites plan need
# more than the default 2 MB of stack (the limit is 8 MB)
conf=$(mktemp /tmp/fusekern-sanitize.XXXXXX.conf)
echo "max_stack_depth = '6MB'" >"$conf"
chmod 644 "$conf"
rc=0
make -s all PG_CONFIG="$pgc" FK_SANITIZE=1 SANITIZE=address,undefined USE_CUDA=0 >/dev/null &&
	PG_CONFIG="$pgc" FK_OVERLAYS="$ov" FK_SANITIZE_TAP=1 FK_SANITIZE_CONF="$conf" \
		bash test/harness.sh sanitize || rc=$?
rm -f "$conf"
make -s clean PG_CONFIG="$pgc" >/dev/null
exit $rc
