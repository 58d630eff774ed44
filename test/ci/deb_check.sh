#!/usr/bin/env bash
# The Debian package, built and used as a user would (root: it installs
# packages, and the package, into the system's PostgreSQL for a while: the
# distribution's, 15 on Debian 12 and 17 on Debian 13):
#
#   - what building and checking it needs (test/deps.sh deb)
#   - dpkg-buildpackage -us -uc -b in a copy of HEAD (git archive: the work
#     tree is left as it is, uncommitted changes do not count), which also
#     runs pg_regress out of tree against the built package (debian/rules)
#   - lintian on the .deb: no errors (warnings printed as comments); the
#     same for python3-fusekern's .deb, built by the same source package
#   - dpkg -i (both), then a throwaway cluster (as postgres, on a socket in a
#     temporary directory): CREATE EXTENSION fusekern at default_version,
#     the pg_regress suites (the Makefile's REGRESS),
#     the TAP scripts that check what an installation holds (FK_DEB_TAP),
#     and with FK_DEB_PGTAP=1 the pgTAP suites (they take many minutes,
#     and 'make test' runs them on the same library), and the python suite
#     (python/tests) on the installed python3-fusekern
#   - debian/tests/installcheck, the autopkgtest, against the installed package
#   - dpkg -r (both), and no file of the packages left
#
# Prints TAP lines, exits non-zero when any fails.
#   FK_DEB_PORT      the cluster's port (default 54340; on its own socket
#                    directory, so it meets no other cluster)
#   FK_DEB_PGVER     the PostgreSQL major version whose package is checked
#                    (default: the distribution's, test/deps.sh default-major;
#                    pg_buildext builds for those postgresql-common supports)
#   FK_DEB_TAP       test/t scripts run against the installation
#                    (default: header.pl upgrade.pl install_hijack.pl versions.pl)
#   FK_DEB_NOCHECK=1 no pg_regress inside dpkg-buildpackage
#   FK_DEB_REF       the commit built (default HEAD; FK_DEB_REF=$(git stash
#                    create) takes uncommitted changes of tracked files)
#   FK_KEEP=1        keep the temporary directory
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
port=${FK_DEB_PORT:-54340}
tap_scripts=${FK_DEB_TAP:-header.pl upgrade.pl install_hijack.pl versions.pl}
pgver=${FK_DEB_PGVER:-$(bash "$top/test/deps.sh" default-major)} || {
	echo "deb_check.sh: no PostgreSQL version known for this distribution: set FK_DEB_PGVER" >&2
	exit 2
}
bindir=/usr/lib/postgresql/$pgver/bin
pgxs=/usr/lib/postgresql/$pgver/lib/pgxs
pkg=postgresql-$pgver-fusekern

n=0
failed=0
ok() {
	n=$((n + 1))
	echo "ok $n - $1"
}
not_ok() {
	n=$((n + 1))
	echo "not ok $n - $1"
	failed=$((failed + 1))
}
# check DESCRIPTION LOG COMMAND...: one TAP line; the log's tail on failure
check() {
	local what=$1 log=$tmp/$2
	shift 2
	if "$@" >"$log" 2>&1; then
		ok "$what"
	else
		not_ok "$what"
		tail -40 "$log" | sed 's/^/# /'
	fi
}
finish() {
	echo "1..$n"
	[ "$failed" -eq 0 ]
	exit
}

if [ "$(id -u)" -ne 0 ]; then
	echo "deb_check.sh installs packages: run it as root" >&2
	exit 2
fi
pypkg=python3-fusekern
for p in "$pkg" "$pypkg"; do
	if dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
		echo "$p is installed already: remove it first (dpkg -r $p)" >&2
		exit 2
	fi
done

tmp=$(mktemp -d /tmp/fusekern-deb.XXXXXX)
chmod 755 "$tmp"
src=$tmp/fusekern
# the cluster's files, owned by postgres
pgdir=$tmp/pg
sock=$pgdir/sock
data=$pgdir/data
installed=""
pyinstalled=""
cleanup() {
	[ -f "$data/postmaster.pid" ] && runuser -u postgres -- "$bindir/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1
	[ -n "$pyinstalled" ] && dpkg -r "$pypkg" >/dev/null 2>&1
	[ -n "$installed" ] && dpkg -r "$pkg" >/dev/null 2>&1
	if [ "${FK_KEEP:-0}" = 1 ]; then
		echo "# kept: $tmp"
	else
		rm -rf "$tmp"
	fi
}
trap cleanup EXIT

check "Debian packages for building and checking are installed (test/deps.sh deb)" deps.log \
	bash "$top/test/deps.sh" deb

# HEAD, as a fresh clone has it
mkdir -p "$src"
if git -C "$top" rev-parse --verify -q HEAD >/dev/null; then
	git -C "$top" archive "${FK_DEB_REF:-HEAD}" | tar -xf - -C "$src"
else
	cp -a "$top/." "$src/"
fi
version=$(sed -n "s/^default_version *= *'\(.*\)'/\1/p" "$src/fusekern.control")
debversion=$(cd "$src" && dpkg-parsechangelog -S Version)
deb=$tmp/${pkg}_${debversion}_$(dpkg --print-architecture).deb
pydeb=$tmp/${pypkg}_${debversion}_all.deb

build() {
	cd "$src" && DEB_BUILD_OPTIONS=${FK_DEB_NOCHECK:+nocheck} dpkg-buildpackage -us -uc -b && [ -f "$deb" ]
}
check "dpkg-buildpackage -us -uc -b builds $(basename "$deb")" build.log build
[ -f "$deb" ] || finish
grep -E '^test .*\.\.\. ' "$tmp/build.log" | sed 's/^/# built package: /' | grep -v ' ok ' || true

lintian --allow-root --fail-on error "$deb" >"$tmp/lintian.log" 2>&1
lrc=$?
sed 's/^/# lintian: /' "$tmp/lintian.log"
if [ $lrc -eq 0 ]; then ok "lintian: no errors"; else not_ok "lintian: no errors"; fi

if [ -f "$pydeb" ]; then
	ok "dpkg-buildpackage also builds $(basename "$pydeb")"
	lintian --allow-root --fail-on error "$pydeb" >"$tmp/lintian-py.log" 2>&1
	lrc=$?
	sed 's/^/# lintian (python3-fusekern): /' "$tmp/lintian-py.log"
	if [ $lrc -eq 0 ]; then ok "lintian on $pypkg: no errors"; else not_ok "lintian on $pypkg: no errors"; fi
else
	not_ok "dpkg-buildpackage also builds $(basename "$pydeb")"
fi

check "no CUDA module in the package" cuda.log \
	bash -c "! dpkg -c '$deb' | grep -q fusekern_cuda"

# from here on, what dpkg -i left (even unconfigured) is removed at the end
installed=1
check "dpkg -i installs $pkg into PostgreSQL $pgver" install.log dpkg -i "$deb"
dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || finish
dpkg -L "$pkg" >"$tmp/files"
if [ -f "$pydeb" ]; then
	pyinstalled=1
	check "dpkg -i installs $pypkg" pyinstall.log dpkg -i "$pydeb"
	dpkg -L "$pypkg" >"$tmp/pyfiles"
	# the installed package, from anywhere but the source tree
	check "import fusekern finds the installed package (/usr/lib/python3/dist-packages)" pyimport.log \
		bash -c 'cd / && env -u PYTHONPATH /usr/bin/python3 -c "import fusekern, fusekern.psycopg; print(fusekern.__file__)" |
			tee /dev/stderr | grep -q "^/usr/lib/python3/dist-packages/fusekern/"'
fi

# A throwaway cluster, as postgres, on a socket of its own
pg() { runuser -u postgres -- env PGHOST="$sock" PGPORT="$port" "$@"; }
start_cluster() {
	mkdir -p "$sock" "$data" && chown -R postgres: "$pgdir" &&
		pg "$bindir/initdb" -D "$data" -A trust --no-sync -E UTF8 --locale=C -U postgres &&
		{
			echo "listen_addresses = ''"
			echo "unix_socket_directories = '$sock'"
			echo "port = $port"
			echo "fsync = off"
			cat "$src/test/cluster.conf"
		} >>"$data/postgresql.conf" &&
		pg "$bindir/pg_ctl" -D "$data" -l "$pgdir/server.log" -w -t 60 start
}
check "a throwaway cluster starts (port $port, socket in $sock)" cluster.log start_cluster
[ -f "$data/postmaster.pid" ] || { cat "$pgdir/server.log" 2>/dev/null | sed 's/^/# /'; finish; }

create_ext() {
	local v
	v=$(pg "$bindir/psql" -X -At -d postgres -v ON_ERROR_STOP=1 \
		-c 'CREATE EXTENSION fusekern' \
		-c "SELECT extversion FROM pg_extension WHERE extname = 'fusekern'") &&
		echo "$v" && [ "$(echo "$v" | tail -1)" = "$version" ]
}
check "CREATE EXTENSION fusekern gives version $version" create.log create_ext

# The pg_regress suites, as 'make installcheck' runs them: one line each
tests=$(make -s --no-print-directory -C "$src" print-REGRESS)
mkdir -p "$tmp/regress" && chown postgres: "$tmp/regress"
pg "$pgxs/src/test/regress/pg_regress" --bindir="$bindir" --inputdir="$src" \
	--outputdir="$tmp/regress" --dbname=contrib_regression --load-extension=fusekern \
	$tests >"$tmp/regress.log" 2>&1
rrc=$?
for t in $tests; do
	# PostgreSQL 15's format, and that of 16 and later
	if grep -qE "^test +$t +\.\.\. ok|^ok +[0-9]+ +- +$t " "$tmp/regress.log"; then
		ok "pg_regress $t"
	else
		not_ok "pg_regress $t"
	fi
done
[ $rrc -eq 0 ] || { not_ok "pg_regress exits 0"; head -100 "$tmp/regress/regression.diffs" 2>/dev/null | sed 's/^/# /'; }

# The pgTAP suites, when asked (FK_DEB_PGTAP=1): one line each
pgtap() {
	pg "$bindir/psql" -X -q -d postgres -c 'CREATE DATABASE fk_tap' &&
		pg "$bindir/psql" -X -q -d fk_tap -c 'CREATE EXTENSION pgtap' -c 'CREATE EXTENSION fusekern'
}
if [ "${FK_DEB_PGTAP:-0}" = 1 ]; then
	check "pgTAP and fusekern created in a database" pgtap.log pgtap
	for f in "$src"/test/pgtap/*.sql; do
		check "pgTAP $(basename "$f")" "pgtap-$(basename "$f").log" \
			pg pg_prove -h "$sock" -p "$port" -d fk_tap -U postgres "$f"
	done
fi
# The python suite on the installed python3-fusekern (not the source's
# python/: PYTHONPATH unset, run from a directory of its own); the pip
# install test is make test's
pysuite() {
	local d=$tmp/pytest
	mkdir -p "$d" && chown postgres: "$d" &&
		pg env -u PYTHONPATH PGUSER=postgres PYTHONDONTWRITEBYTECODE=1 \
			bash -c 'cd "$1" && /usr/bin/python3 -m pytest -p no:cacheprovider -q -rfEs \
				--basetemp="$1/tmp" -k "not pip_install" "$2/python/tests"' pysuite "$d" "$src"
}
if [ -n "$pyinstalled" ]; then
	check "the python suite (python/tests) on the installed $pypkg" pysuite.log pysuite
	grep -E '[0-9]+ (passed|failed)' "$tmp/pysuite.log" | tail -1 | sed 's/^/# python suite: /'
fi
pg "$bindir/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1

# TAP scripts that start clusters of their own from the installed server
mkdir -p "$tmp/tap"
chown -R postgres: "$src" "$tmp/tap"
for s in $tap_scripts; do
	check "TAP test/t/$s against the installation" "tap-$s.log" \
		runuser -u postgres -- env -u PGHOST -u PGPORT PATH="$bindir:$PATH" \
		PERL5LIB="$pgxs/src/test/perl" TESTDIR="$tmp/tap/$s" \
		PG_REGRESS="$pgxs/src/test/regress/pg_regress" FK_TOP="$src" \
		bash -c 'cd "$FK_TOP" && mkdir -p "$TESTDIR" && prove "test/t/$1"' prove "$s"
done

# The autopkgtest (debian/tests/control) on the installed package
check "autopkgtest debian/tests/installcheck" autopkgtest.log \
	bash -c "cd '$src' && debian/tests/installcheck"

remove() {
	if [ -n "$pyinstalled" ]; then
		dpkg -r "$pypkg" || return 1
		pyinstalled=""
	fi
	dpkg -r "$pkg" || return 1
	installed=""
	local left=0 f
	while read -r f; do
		[ -f "$f" ] && { echo "left: $f"; left=1; }
	done < <(cat "$tmp/files" "$tmp/pyfiles" 2>/dev/null)
	for f in "$($bindir/pg_config --pkglibdir)/fusekern.so" \
		"$($bindir/pg_config --sharedir)/extension/fusekern.control"; do
		[ -e "$f" ] && { echo "left: $f"; left=1; }
	done
	[ $left -eq 0 ]
}
check "dpkg -r removes $pkg and $pypkg, and no file of them is left" remove.log remove

finish
