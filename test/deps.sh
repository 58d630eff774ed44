#!/usr/bin/env bash
# Install what building and testing fusekern needs, when it is missing (Debian 12).
set -euo pipefail

PGVER=15
need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

for pkg in build-essential "postgresql-$PGVER" "postgresql-server-dev-$PGVER" libsleef-dev \
	"postgresql-$PGVER-pgtap" libtap-parser-sourcehandler-pgtap-perl libipc-run-perl \
	libopenblas-serial-dev clang libclang-rt-dev; do
	have_pkg "$pkg" || need+=("$pkg")
done
# 'make bench' also needs NumPy (the comparison), gnuplot (the plot), valgrind (the profile)
if [ "${1:-}" = bench ]; then
	for pkg in python3-numpy gnuplot-nox valgrind; do
		have_pkg "$pkg" || need+=("$pkg")
	done
fi

# A server built from source (test/ci/pg_source.sh) needs its parser
# generators (release tarballs since 17 carry no generated parser files) and
# zlib; an extension built against Debian's server (Citus, for 15) needs the
# headers of what that server was built with (GSSAPI, OpenSSL, ICU)
if [ "${1:-}" = source ]; then
	for pkg in bison flex zlib1g-dev libkrb5-dev libssl-dev libicu-dev; do
		have_pkg "$pkg" || need+=("$pkg")
	done
fi

# 'make sqlsmith' also needs SQLsmith
if [ "${1:-}" = sqlsmith ]; then
	have_pkg sqlsmith || need+=(sqlsmith)
fi

[ ${#need[@]} -eq 0 ] && exit 0

echo "installing: ${need[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
