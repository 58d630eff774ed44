#!/usr/bin/env bash
# Install what building and testing fusekern needs, when it is missing
# (Debian 12 or 13).
#
#   deps.sh [bench|source|sqlsmith|deb|portable [TRIPLET]]
#   deps.sh default-major   print the PostgreSQL major version of the
#                           distribution's server (Debian 12: 15, 13: 17)
#
# The server's packages (postgresql-N, postgresql-server-dev-N,
# postgresql-N-pgtap) are those of the major version PG_CONFIG names when it
# is a Debian server's pg_config (/usr/lib/postgresql/N/bin/pg_config,
# installed or not, or a command that runs one), otherwise those of the
# distribution's server.
set -euo pipefail

# The major version of the distribution's PostgreSQL, from /etc/os-release
distro_major() {
	local id
	id=$(. /etc/os-release 2>/dev/null && echo "${ID:-}:${VERSION_ID:-}")
	case "$id" in
		debian:12) echo 15 ;;
		debian:13) echo 17 ;;
		*) return 1 ;;
	esac
}

# The major version of the Debian server PG_CONFIG names, if it names one
named_major() {
	local pgc=${PG_CONFIG:-} bindir
	[ -n "$pgc" ] || return 1
	if [[ $pgc =~ ^/usr/lib/postgresql/([0-9]+)/bin/pg_config$ ]]; then
		echo "${BASH_REMATCH[1]}"
		return
	fi
	# a command (postgresql-common's pg_config runs the newest server's)
	bindir=$("$pgc" --bindir 2>/dev/null) || return 1
	if [[ $bindir =~ ^/usr/lib/postgresql/([0-9]+)/bin$ ]] && [ -x "$bindir/pg_config" ]; then
		echo "${BASH_REMATCH[1]}"
		return
	fi
	return 1
}

if [ "${1:-}" = default-major ]; then
	distro_major
	exit
fi

if ! PGVER=$(named_major) && ! PGVER=$(distro_major); then
	echo "test/deps.sh knows the PostgreSQL of Debian 12 (15) and of Debian 13 (17);" \
		"this is $(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-}" || uname -s)." >&2
	echo "Name the server to build against with PG_CONFIG, e.g." \
		"'make test PG_CONFIG=/usr/lib/postgresql/17/bin/pg_config': its packages" \
		"(postgresql-17, postgresql-server-dev-17, postgresql-17-pgtap) are then installed" \
		"with those fusekern needs (build-essential, libsleef-dev, libopenblas-serial-dev," \
		"clang, libclang-rt-dev, libipc-run-perl, libtap-parser-sourcehandler-pgtap-perl," \
		"and the python suite's python3-numpy, python3-psycopg, python3-asyncpg," \
		"python3-sqlalchemy, python3-pandas, python3-pytest and their kin)." >&2
	exit 1
fi
need=()
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

for pkg in build-essential "postgresql-$PGVER" "postgresql-server-dev-$PGVER" libsleef-dev \
	"postgresql-$PGVER-pgtap" libtap-parser-sourcehandler-pgtap-perl libipc-run-perl \
	libopenblas-serial-dev clang libclang-rt-dev; do
	have_pkg "$pkg" || need+=("$pkg")
done
# The python suite (python/tests) runs the Python package on Debian's
# Python with each driver it supports, by the same names in Debian 12
# (NumPy 1.24, psycopg 3.1, asyncpg 0.27, SQLAlchemy 1.4, pandas 1.5) and
# 13 (NumPy 2.2, psycopg 3.2, asyncpg 0.30, SQLAlchemy 2.0, pandas 2.2):
# psycopg2 is SQLAlchemy 1.4's synchronous driver, greenlet its asyncio
# one's; pip, setuptools and venv install the package as docs/python.md
# says
for pkg in python3-numpy python3-psycopg python3-asyncpg python3-sqlalchemy python3-greenlet \
	python3-psycopg2 python3-pandas python3-pytest python3-pip python3-setuptools python3-venv; do
	have_pkg "$pkg" || need+=("$pkg")
done
# 'make bench' also needs NumPy and pandas (the comparisons), gnuplot (the
# plot), valgrind (the profile)
if [ "${1:-}" = bench ]; then
	for pkg in python3-numpy python3-pandas gnuplot-nox valgrind; do
		have_pkg "$pkg" || need+=("$pkg")
	done
fi

# A server built from source (test/ci/pg_source.sh) needs its parser
# generators (release tarballs since 17 carry no generated parser files) and
# zlib; an extension built against Debian's server (Citus, for 15) needs the
# headers of what that server was built with (GSSAPI, OpenSSL, ICU)
if [ "${1:-}" = source ]; then
	for pkg in bison flex zlib1g-dev liblz4-dev libzstd-dev libkrb5-dev libssl-dev libicu-dev; do
		have_pkg "$pkg" || need+=("$pkg")
	done
fi

# 'make sqlsmith' also needs SQLsmith
if [ "${1:-}" = sqlsmith ]; then
	have_pkg sqlsmith || need+=(sqlsmith)
fi

# test/ci/deb_check.sh also needs what builds and checks the Debian package
# (debian/control's Build-Depends, lintian)
if [ "${1:-}" = deb ]; then
	for pkg in dpkg-dev debhelper fakeroot pkg-config postgresql-server-dev-all postgresql-all lintian \
		dh-python pybuild-plugin-pyproject python3-all python3-setuptools; do
		have_pkg "$pkg" || need+=("$pkg")
	done
fi

# 'make portable-check' also needs a cross compiler and C library for
# FK_CROSS (the second argument, aarch64-linux-gnu by default), qemu-user,
# and the target's SLEEF and OpenBLAS through multiarch (dpkg
# --add-architecture)
add_arch=""
if [ "${1:-}" = portable ]; then
	triplet=${2:-aarch64-linux-gnu}
	arch=$(dpkg-architecture -t "$triplet" -qDEB_HOST_ARCH 2>/dev/null) || {
		echo "no Debian architecture for $triplet" >&2
		exit 1
	}
	dpkg --print-foreign-architectures | grep -qx "$arch" || add_arch=$arch
	for pkg in "gcc-$triplet" "libc6-dev-$arch-cross" qemu-user "libsleef-dev:$arch" "libopenblas-dev:$arch"; do
		have_pkg "$pkg" || need+=("$pkg")
	done
fi

[ ${#need[@]} -eq 0 ] && exit 0

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
	command -v sudo >/dev/null || {
		echo "missing Debian packages; as root, run:" >&2
		[ -n "$add_arch" ] && echo "  dpkg --add-architecture $add_arch" >&2
		echo "  apt-get update && apt-get install --no-install-recommends ${need[*]}" >&2
		exit 1
	}
	SUDO="sudo"
fi
echo "installing: ${need[*]}"
export DEBIAN_FRONTEND=noninteractive
if [ -n "$add_arch" ]; then
	echo "adding the $add_arch architecture (dpkg --add-architecture $add_arch)"
	$SUDO dpkg --add-architecture "$add_arch"
fi
$SUDO apt-get update -qq
# what apt does not know (another release's server, say) is named as such,
# rather than left to apt-get's error
missing=()
for pkg in "${need[@]}"; do
	apt-cache show --no-all-versions "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
	echo "not in this machine's apt sources: ${missing[*]}" >&2
	echo "(PostgreSQL $PGVER's packages; Debian 12 ships 15, Debian 13 ships 17: name another" \
		"server with PG_CONFIG=/usr/lib/postgresql/N/bin/pg_config, or add the apt sources that have them)" >&2
	exit 1
fi
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
