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
	for pkg in dpkg-dev debhelper fakeroot pkg-config postgresql-server-dev-all postgresql-all lintian; do
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
$SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
