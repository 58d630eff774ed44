#!/usr/bin/env bash
# An out-of-tree (VPATH) build, the way Debian's pg_buildext builds: from an
# empty build directory next to a copy of the sources,
#
#   make -f ../fusekern/Makefile VPATH=../fusekern [all unit install]
#
# The copy holds the files git tracks or would track (uncommitted changes
# included, build outputs not), so this runs whatever the work tree has
# built.  Prints TAP lines; exits non-zero when a step fails.
#   PG_CONFIG   the server to build for (the Makefile's default otherwise)
#   FK_JOBS     parallel make jobs (default 2)
#   FK_KEEP=1   keep the temporary directory (its path is printed)
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d /tmp/fusekern-vpath.XXXXXX)
if [ "${FK_KEEP:-0}" = 1 ]; then
	echo "# kept: $tmp"
else
	trap 'rm -rf "$tmp"' EXIT
fi
src=$tmp/fusekern
build=$tmp/build
mkdir -p "$src" "$build" "$tmp/dest"

# step DESCRIPTION LOG COMMAND..., and the counts n and failed
. "$top/test/ci/tap_step.sh"

# The sources without build outputs: what git lists, as the work tree has it
copy_sources() {
	if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		(cd "$top" && git ls-files -z --cached --others --exclude-standard |
			xargs -0 -I{} sh -c '[ -e "$1" ] && printf "%s\0" "$1"' _ {} |
			tar -cf - --null -T -) | tar -xf - -C "$src"
	else
		# an unpacked release archive: nothing is built in it yet
		cp -a "$top/." "$src/"
	fi
}

# What 'make install' must have put under DESTDIR
check_installed() {
	local pgc=${PG_CONFIG:-$(make -s -C "$build" -f ../fusekern/Makefile VPATH=../fusekern print-PG_CONFIG)}
	local ver
	ver=$(sed -n "s/^default_version *= *'\(.*\)'/\1/p" "$src/fusekern.control")
	for f in "$($pgc --pkglibdir)/fusekern.so" \
		"$($pgc --pkglibdir)/fusekern_executor" \
		"$($pgc --sharedir)/extension/fusekern.control" \
		"$($pgc --sharedir)/extension/fusekern--$ver.sql" \
		"$($pgc --includedir-server)/extension/fusekern/nvec.h"; do
		[ -f "$tmp/dest$f" ] || { echo "missing: $f"; return 1; }
	done
	[ -x "$tmp/dest$($pgc --pkglibdir)/fusekern_executor" ] || { echo "fusekern_executor is not executable"; return 1; }
	[ ! -e "$tmp/dest$($pgc --pkglibdir)/fusekern_cuda.so" ] || { echo "a CUDA module was installed"; return 1; }
}

vmake() {
	(cd "$build" && make -j"${FK_JOBS:-2}" -f ../fusekern/Makefile VPATH=../fusekern "$@")
}

echo "1..5"
step "copy of the sources" copy.log copy_sources
step "out-of-tree build: make -f ../fusekern/Makefile VPATH=../fusekern" all.log vmake all
step "out-of-tree build of the C unit tests (make unit)" unit.log vmake unit
step "out-of-tree make install DESTDIR=..." install.log vmake install DESTDIR="$tmp/dest"
step "the library, device program, control file, install script and nvec.h are installed, no CUDA module" \
	check.log check_installed
[ "$failed" -eq 0 ]
