#!/usr/bin/env bash
# Private installation + throwaway cluster for 'make test' and 'make demo'.
#
#   harness.sh test   every suite: pg_regress, pgTAP (pg_prove), the Python
#                     package's tests (pytest, python/tests), TAP
#                     (PostgreSQL::Test::Cluster), the C unit tests and a short
#                     run of each fuzz harness, then one line "N passed, N failed"
#                     (FK_SUITES="regress pgtap python tap unit fuzz": those
#                     only; FK_PYTEST_ARGS: more arguments for pytest, such
#                     as "-k asyncpg")
#   harness.sh demo   the showcase script against a fresh cluster
#   harness.sh bench  bench/run.sh (the body of 'make bench') against a fresh
#                     cluster with bench/cluster.conf added
#   harness.sh sqlsmith
#                     SQLsmith's random queries against a fresh cluster
#                     holding float8[] and nvec tables, stopped at the first
#                     backend crash (test/sqlsmith/run.sh; not in 'make test')
#   harness.sh sanitize
#                     pg_regress and pgTAP (and TAP with FK_SANITIZE_TAP=1)
#                     against a server running the extension as built by
#                     'make sanitize-check' (UBSan, or ASan too), then the
#                     sanitizer reports found (docs/hardening.md)
#   harness.sh prove SCRIPT...
#                     prove the given PostgreSQL::Test::Cluster scripts
#                     (benchmarks under bench/) against the same installation
#   harness.sh psql [PSQL ARGS...]
#                     psql on a cluster that keeps running (tmp_check/psql),
#                     installing the extension and starting the cluster when
#                     needed; 'harness.sh stop' stops it.  test, demo, bench
#                     and prove stop it first: they start from scratch.
#
# The extension is installed into tmp_install/, a copy of the server's own
# directories (PostgreSQL finds its share and lib directories relative to its
# binaries), so no root is needed for the install.
#
# Called as root, the servers run as the postgres user (the server refuses
# root).  When postgres can read the work tree, everything stays in it.  When
# it cannot (a clone under /root, whose mode is 0700):
#   - test, demo, bench, prove, sqlsmith and sanitize run as postgres from a
#     copy of the tree in /tmp/fusekern-run.XXXXXX, and tmp_check/ of the
#     copy (the logs) comes back into the tree's; the copy is removed when
#     they end, also when they fail or are interrupted
#   - psql's server and cluster, and the copy of the installation the server
#     runs from, are in /tmp/fusekern-psql-root.<hash of the tree's path>,
#     kept while the cluster runs and removed by 'harness.sh stop' (and by
#     the modes above, which stop that cluster first)
# Either way, psql itself runs as the caller (root), who connects as the
# postgres role over the Unix socket: the files named to psql (-f, \copy,
# \o, \i) are read and written with the caller's own rights.
set -uo pipefail

mode=${1:?usage: harness.sh test|demo|bench|psql [ARGS]|stop|sqlsmith|sanitize|prove SCRIPT...}
top=$(cd "$(dirname "$0")/.." && pwd)
# where psql's relative paths (-f my_script.sql) are read from
caller_dir=$PWD
cd "$top"

PG_CONFIG=${PG_CONFIG:-pg_config}
CHECK=$top/tmp_check
PORT=${FK_TEST_PORT:-54329}

# The private installation in directory $1 (its bin and lib directories)
set_install_dir() {
	TMPI=$1
	BINDIR=$TMPI$($PG_CONFIG --bindir)
	PKGLIBDIR=$TMPI$($PG_CONFIG --pkglibdir)
}
set_install_dir "$top/tmp_install"

# Copy the server into tmp_install and install the extension there
setup_install() {
	stop_all_psql
	rm -rf "$TMPI" "$CHECK"
	mkdir -p "$CHECK"
	copy_server
	install_extension
}

# The server's own directories, copied into tmp_install, with the staged
# installations of FK_OVERLAYS (add-ons such as Citus or pgTAP built by
# test/ci/pg_source.sh, each a DESTDIR tree) laid over them
copy_server() {
	local d o
	for d in "$($PG_CONFIG --bindir)" "$($PG_CONFIG --pkglibdir)" "$($PG_CONFIG --sharedir)"; do
		mkdir -p "$TMPI$(dirname "$d")"
		cp -a "$d" "$TMPI$d"
	done
	for o in ${FK_OVERLAYS:-}; do
		cp -a "$o/." "$TMPI/"
	done
}

# 'make install' into tmp_install (what is up to date is copied again)
install_extension() {
	mkdir -p "$CHECK"
	make -s install DESTDIR="$TMPI" >"$CHECK/install.log" 2>&1 || {
		cat "$CHECK/install.log"
		echo "install into tmp_install failed"
		exit 2
	}
}

# The socket directory: inside the work tree unless that path is too long
socket_dir() {
	local s="$CHECK/sock"
	if [ ${#s} -gt 90 ]; then
		s=$(mktemp -d /tmp/fusekern.XXXXXX)
	fi
	mkdir -p "$s"
	echo "$s"
}

# initdb (as the server's user) into $1 for a server on socket directory
# $2; extra config files given as further arguments are appended to its
# postgresql.conf
init_cluster() {
	local dir=$1 sock=$2
	as_server_user "$BINDIR/initdb" -D "$dir" -A trust --no-sync -E UTF8 --locale=C -U postgres \
		>"$dir.initdb.log" 2>&1 || { cat "$dir.initdb.log"; exit 2; }
	{
		echo "listen_addresses = ''"
		echo "unix_socket_directories = '$sock'"
		echo "port = $PORT"
		echo "fsync = off"
		cat "$top/test/cluster.conf" "${@:3}"
	} >>"$dir/postgresql.conf"
}

# Start the cluster; extra config files given as arguments are appended too
start_cluster() {
	SOCK=$(socket_dir)
	export PGHOST=$SOCK PGPORT=$PORT
	init_cluster "$CHECK/data" "$SOCK" "$@"
	# FK_SERVER_PRELOAD: a library the server preloads (the ASan runtime)
	LD_PRELOAD=${FK_SERVER_PRELOAD:-} \
		"$BINDIR/pg_ctl" -D "$CHECK/data" -l "$CHECK/server.log" -w -t 60 start >/dev/null ||
		{ cat "$CHECK/server.log"; exit 2; }
	trap stop_cluster EXIT
}

stop_cluster() {
	"$BINDIR/pg_ctl" -D "$CHECK/data" -m fast -w stop >/dev/null 2>&1 || true
	# a socket directory of socket_dir's own under /tmp goes with it
	case ${SOCK:-} in /tmp/fusekern.*) rmdir "$SOCK" 2>/dev/null ;; esac
}

# The cluster of 'make psql': its own directory, kept between calls
PSQLDIR=$CHECK/psql

# Run a command as the server's user (postgres when called as root), from
# / (postgres may not reach the current directory)
as_server_user() {
	if [ "$(id -u)" -eq 0 ]; then
		(cd / && runuser -u postgres -- "$@")
	else
		"$@"
	fi
}

# Can the postgres user read the work tree?
postgres_reads_tree() {
	(cd / && runuser -u postgres -- test -r "$top/Makefile" -a -x "$top/test")
}

# As root in a tree postgres cannot read, 'make psql' keeps its server's
# installation and its cluster here, outside the tree (the server must reach
# them); the name is the tree's, so that every call finds it
PSQL_OUTSIDE=/tmp/fusekern-psql-root.$(printf '%s' "$top" | md5sum | cut -c1-12)

# Is PSQL_OUTSIDE there, and root's own directory (not someone else's, not a link)?
psql_outside_ok() {
	[ -d "$PSQL_OUTSIDE" ] && [ ! -L "$PSQL_OUTSIDE" ] && [ "$(stat -c %u "$PSQL_OUTSIDE")" = 0 ]
}

# 'make psql''s installation and cluster from now on in PSQL_OUTSIDE
use_psql_outside() {
	set_install_dir "$PSQL_OUTSIDE/tmp_install"
	PSQLDIR=$PSQL_OUTSIDE/psql
}

# Is the 'make psql' cluster running?
psql_running() {
	[ -f "$PSQLDIR/data/postmaster.pid" ] && [ -x "$BINDIR/pg_ctl" ] &&
		as_server_user "$BINDIR/pg_ctl" -D "$PSQLDIR/data" status >/dev/null 2>&1
}

# Stop the 'make psql' cluster if it runs (and remove its socket directory
# when it is one of its own under /tmp)
stop_psql() {
	local sock
	if psql_running; then
		sock=$(sed -n 5p "$PSQLDIR/data/postmaster.pid")
		as_server_user "$BINDIR/pg_ctl" -D "$PSQLDIR/data" -m fast -w stop >/dev/null || return 1
		echo "stopped the 'make psql' cluster (${PSQLDIR#"$top"/})"
		case $sock in /tmp/fusekern-psql.*) rmdir "$sock" 2>/dev/null ;; esac
	fi
	return 0
}

# Stop the 'make psql' cluster, wherever it is; remove PSQL_OUTSIDE
stop_all_psql() {
	stop_psql
	if [ "$(id -u)" -eq 0 ] && psql_outside_ok; then
		(use_psql_outside && stop_psql) || {
			echo "the 'make psql' cluster in $PSQL_OUTSIDE did not stop: $PSQL_OUTSIDE is left as it is" >&2
			return 1
		}
		rm -rf "$PSQL_OUTSIDE" && echo "removed $PSQL_OUTSIDE"
	fi
	return 0
}

# Install if needed, start the 'make psql' cluster if needed, create the
# extension if needed, then psql with the given arguments.  psql runs as
# the caller, connecting as the postgres role over the socket.
run_psql() {
	local sock
	if [ "$(id -u)" -eq 0 ] && ! postgres_reads_tree; then
		# mkdir, not mkdir -p: a directory of that name made by another
		# user is refused below, not used
		[ -e "$PSQL_OUTSIDE" ] || mkdir -m 755 "$PSQL_OUTSIDE" 2>/dev/null
		psql_outside_ok || {
			echo "$PSQL_OUTSIDE is not a directory of root's: remove it, then run make psql again" >&2
			exit 2
		}
		use_psql_outside
		# what the server reads must be readable by postgres
		umask 022
	fi
	[ -x "$BINDIR/postgres" ] || { rm -rf "$TMPI"; copy_server; }
	install_extension
	sock=$PSQLDIR/sock
	[ ${#sock} -gt 90 ] && sock=/tmp/fusekern-psql.$PORT
	if ! psql_running; then
		mkdir -p "$PSQLDIR" "$sock"
		[ "$(id -u)" -eq 0 ] && chown -R postgres: "$PSQLDIR" "$sock"
		if [ ! -f "$PSQLDIR/data/PG_VERSION" ]; then
			init_cluster "$PSQLDIR/data" "$sock"
		fi
		# this call's port and socket, whatever the first call chose
		as_server_user "$BINDIR/pg_ctl" -D "$PSQLDIR/data" -l "$PSQLDIR/server.log" -w -t 60 \
			-o "-p $PORT -k $sock" start >/dev/null || { cat "$PSQLDIR/server.log"; exit 2; }
		echo "started a cluster on socket $sock, port $PORT (stop it with 'make stop')" >&2
		[ "$PSQLDIR" = "$PSQL_OUTSIDE/psql" ] &&
			echo "(the postgres user cannot read this work tree: the cluster and the installation" \
				"it runs from are in $PSQL_OUTSIDE, which 'make stop' removes)" >&2
	fi
	# where it listens (postmaster.pid: port on line 4, socket on line 5)
	PORT=$(sed -n 4p "$PSQLDIR/data/postmaster.pid")
	sock=$(sed -n 5p "$PSQLDIR/data/postmaster.pid")
	export PGHOST=$sock PGPORT=$PORT PGUSER=postgres PGDATABASE=postgres
	"$BINDIR/psql" -X -q -c 'SET client_min_messages = warning' \
		-c 'CREATE EXTENSION IF NOT EXISTS fusekern' || exit 2
	cd "$caller_dir" || exit 2
	exec "$BINDIR/psql" "$@"
}

passed=0
failed=0

# Add up TAP lines ("ok N", "not ok N") from a log; a suite that failed
# without any "not ok" (a crash, a bad plan) counts as one failure
count_tap() {
	local log=$1 rc=$2 p f
	p=$(grep -cE '^[[:space:]]*ok [0-9]+' "$log")
	# a "not ok ... # TODO" is a known gap, not a failure (TAP's rule)
	f=$(grep -E '^[[:space:]]*not ok [0-9]+' "$log" | grep -cvE '# TODO')
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	passed=$((passed + p))
	failed=$((failed + f))
}

run_regress() {
	local tests log=$CHECK/regress.log rc p f
	tests=$(make -s --no-print-directory print-REGRESS)
	"$PKGLIBDIR/pgxs/src/test/regress/pg_regress" --bindir="$BINDIR" \
		--inputdir="$top" --outputdir="$CHECK/regress" --dbname=contrib_regression \
		$tests >"$log" 2>&1
	rc=$?
	cat "$log"
	# 15 prints "test name ... ok", 16 on TAP lines ("ok 1 - name")
	p=$(grep -cE '\.\.\. ok|^ok [0-9]+ ' "$log")
	f=$(grep -cE '\.\.\. FAILED|\.\.\. failed|^not ok [0-9]+ ' "$log")
	[ $rc -ne 0 ] && [ "$f" -eq 0 ] && f=1
	[ "$f" -gt 0 ] && [ -f "$CHECK/regress/regression.diffs" ] && head -200 "$CHECK/regress/regression.diffs"
	passed=$((passed + p))
	failed=$((failed + f))
}

run_pgtap() {
	local log=$CHECK/pgtap.log rc
	ls test/pgtap/*.sql >/dev/null 2>&1 || return 0
	"$BINDIR/psql" -X -q -d postgres -c 'CREATE DATABASE fk_tap' >/dev/null
	"$BINDIR/psql" -X -q -d fk_tap -c 'CREATE EXTENSION pgtap; CREATE EXTENSION fusekern;' >/dev/null
	pg_prove --verbose -h "$PGHOST" -p "$PGPORT" -d fk_tap -U postgres test/pgtap/*.sql >"$log" 2>&1
	rc=$?
	grep -vE '^[[:space:]]*ok [0-9]+' "$log"
	count_tap "$log" $rc
}

# The Python package's tests (python/tests) with pytest, against this
# cluster, on the system's Python (FK_PYTHON, default /usr/bin/python3:
# Debian's, whose packages test/deps.sh installs); one line per test that
# fails or skips, then pytest's summary, whose counts are added up
run_python() {
	local log=$CHECK/python.log rc p f py=${FK_PYTHON:-/usr/bin/python3} line
	[ -x "$py" ] || py=$(command -v python3)
	echo "# python: pytest python/tests with ${py:-no python3}"
	if [ -z "$py" ] || ! "$py" -c 'import numpy, pytest' >/dev/null 2>&1; then
		echo "not ok - ${py:-python3} lacks NumPy or pytest (test/deps.sh installs python3-numpy and python3-pytest)"
		failed=$((failed + 1))
		return
	fi
	# (the server's superuser is postgres; no byte code or cache written
	# into the tree, which may be read-only)
	(cd "$top/python" && PGUSER=postgres PYTHONPATH="$top/python" PYTHONDONTWRITEBYTECODE=1 \
		"$py" -m pytest -p no:cacheprovider -q -rfEs --basetemp="$CHECK/python-tmp" \
		${FK_PYTEST_ARGS:-} tests) >"$log" 2>&1
	rc=$?
	grep -vE '^[.sFEx]+ *(\[ *[0-9]+%\])?$' "$log"
	line=$(grep -E '[0-9]+ (passed|failed|errors?)' "$log" | tail -n 1)
	p=0
	f=0
	[[ $line =~ ([0-9]+)\ passed ]] && p=${BASH_REMATCH[1]}
	[[ $line =~ ([0-9]+)\ failed ]] && f=${BASH_REMATCH[1]}
	[[ $line =~ ([0-9]+)\ error ]] && f=$((f + BASH_REMATCH[1]))
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	passed=$((passed + p))
	failed=$((failed + f))
}

# The environment of scripts that start their own clusters
# (PostgreSQL::Test::Cluster) from the private installation, in directory $1
tap_env() {
	mkdir -p "$1"
	# (TESTDIR for 15; 16 on read TESTDATADIR and TESTLOGDIR)
	export PATH="$BINDIR:$PATH" TESTDIR="$1" \
		TESTDATADIR="$1/tmp_check" TESTLOGDIR="$1/tmp_check/log" \
		PERL5LIB="$PKGLIBDIR/pgxs/src/test/perl${PERL5LIB:+:$PERL5LIB}" \
		PG_REGRESS="$PKGLIBDIR/pgxs/src/test/regress/pg_regress" \
		FK_TOP="$top" FK_SERVER_INCLUDEDIR="$($PG_CONFIG --includedir-server)"
	unset PGHOST PGPORT
}

run_tap() {
	local log=$CHECK/tap.log rc
	ls test/t/*.pl >/dev/null 2>&1 || return 0
	(
		tap_env "$CHECK/tap"
		prove -v test/t/*.pl
	) >"$log" 2>&1
	rc=$?
	grep -vE '^[[:space:]]*ok [0-9]+' "$log"
	count_tap "$log" $rc
}

run_unit() {
	local t log rc
	for t in $(make -s --no-print-directory print-UNIT_BINS); do
		log=$CHECK/unit-$(basename "$t").log
		"$t" >"$log" 2>&1
		rc=$?
		echo "# $t"
		grep -vE '^ok [0-9]+' "$log"
		count_tap "$log" $rc
	done
}

# Each libFuzzer harness for a short time from its kept corpus (make fuzz
# runs them longer)
run_fuzz() {
	local log=$CHECK/fuzz.log rc
	[ -x test/fuzz/build/fuzz_fuse ] || return 0
	bash test/fuzz/run.sh "${FK_FUZZ_SECONDS:-10}" "$CHECK/fuzz" $(make -s --no-print-directory print-FUZZ_TARGETS) >"$log" 2>&1
	rc=$?
	echo "# fuzz"
	cat "$log"
	count_tap "$log" $rc
}

# 'make bench' as postgres from tree $1, its result files kept in bench/out
bench_as_postgres() {
	local tree=$1 rc
	mkdir -p "$top/bench/out" "$tree/bench/out"
	chown -R postgres: "$tree/bench/out"
	as_server_user env FK_BENCH_OUT="$tree/bench/out" bash "$tree/test/harness.sh" run-bench
	rc=$?
	[ "$tree" != "$top" ] && cp "$tree"/bench/out/*.* "$top/bench/out/"
	exit $rc
}

# The copy of the tree that test, demo, ... run from as root when postgres
# cannot read the tree (made below); removed on exit by remove_copy
copy=""

# Is a process other than a server still at work in the copy (the test
# scripts of an interrupted run, cleaning up after themselves)?
copy_busy() {
	local p
	for p in /proc/[0-9]*; do
		case $(readlink "$p/cwd" 2>/dev/null) in
			"$copy" | "$copy"/*)
				case $(readlink "$p/exe" 2>/dev/null) in "$copy"/tmp_install/*) ;; *) return 0 ;; esac
				;;
		esac
	done
	return 1
}

# Stop what still runs from the copy (a run that was interrupted: its
# scripts get 10 s to end first), bring its tmp_check/ (the logs; not the
# stopped cluster's data) into the tree's, and remove it
remove_copy() {
	local pid e i
	[ -n "$copy" ] && [ -d "$copy" ] || return 0
	for ((i = 0; i < 50; i++)); do
		copy_busy || break
		sleep 0.2
	done
	while IFS= read -r pid; do
		as_server_user "$copy/tmp_install$($PG_CONFIG --bindir)/pg_ctl" -D "$(dirname "$pid")" \
			-m immediate -w stop >/dev/null 2>&1
	done < <(find "$copy" -name postmaster.pid 2>/dev/null)
	for e in "$copy"/tmp_check/*; do
		[ -e "$e" ] || continue
		case ${e##*/} in data | sock) continue ;; esac
		rm -rf "${CHECK:?}/${e##*/}"
		cp -R --preserve=timestamps "$e" "$CHECK/" 2>/dev/null
	done
	rm -rf "$copy"
}

case "$mode" in
	psql)
		run_psql "${@:2}"
		;;
	stop)
		stop_all_psql
		;;
	test | demo | bench | prove | sqlsmith | sanitize)
		setup_install
		if [ "$(id -u)" -eq 0 ]; then
			# the server refuses root: run the rest as postgres, from a copy
			# of the tree (without .git) when postgres cannot read this one,
			# removed however this ends (an interrupt or a kill of this
			# script runs the EXIT trap once the run in the foreground ends)
			if ! postgres_reads_tree; then
				trap remove_copy EXIT
				trap 'exit 130' INT
				trap 'exit 143' TERM
				trap 'exit 129' HUP
				copy=$(mktemp -d /tmp/fusekern-run.XXXXXX) || exit 2
				echo "(the postgres user cannot read this work tree: running from a copy in $copy," \
					"removed at the end; its logs come back into tmp_check/)" >&2
				tar -C "$top" --exclude=./.git -cf - . | tar -C "$copy" -xf - || exit 2
				chmod 755 "$copy"
				chown -R postgres: "$copy"
				[ "$mode" = bench ] && bench_as_postgres "$copy"
				as_server_user bash "$copy/test/harness.sh" "run-$mode" "${@:2}"
				exit
			fi
			# the private installation too: tests put stand-in modules there
			chown -R postgres: "$CHECK" "$TMPI"
			[ "$mode" = bench ] && bench_as_postgres "$top"
			exec runuser -u postgres -- bash "$0" "run-$mode" "${@:2}"
		fi
		[ "$mode" = bench ] && export FK_BENCH_OUT=$top/bench/out
		exec bash "$0" "run-$mode" "${@:2}"
		;;
	run-test)
		# FK_SUITES (default all six) runs a subset, e.g. "regress unit"
		suites=" ${FK_SUITES:-regress pgtap python tap unit fuzz} "
		start_cluster
		[[ $suites == *" regress "* ]] && run_regress
		[[ $suites == *" pgtap "* ]] && run_pgtap
		[[ $suites == *" python "* ]] && run_python
		stop_cluster
		[[ $suites == *" tap "* ]] && run_tap
		[[ $suites == *" unit "* ]] && run_unit
		[[ $suites == *" fuzz "* ]] && run_fuzz
		echo
		echo "$passed passed, $failed failed"
		[ "$failed" -eq 0 ]
		;;
	run-demo)
		start_cluster
		# stdin, not -f: errors print as the user would see them
		"$BINDIR/psql" -X -d postgres -v ON_ERROR_STOP=1 <test/showcase.sql 2>&1
		;;
	run-bench)
		start_cluster "$top/bench/cluster.conf"
		FK_BINDIR=$BINDIR FK_PGDATA=$CHECK/data bash bench/run.sh
		;;
	run-sqlsmith)
		start_cluster "$top/test/sqlsmith/cluster.conf"
		BINDIR=$BINDIR FK_SERVER_LOG=$CHECK/server.log bash test/sqlsmith/run.sh
		;;
	run-sanitize)
		# reports go to files: ASan's stop the process (a failed test), UBSan's
		# are counted; postgres does not free at exit, so no leak checks
		# (ASAN_OPTIONS matters only when FK_SERVER_PRELOAD is the ASan runtime)
		# (FK_SANITIZE_TAP=1, a server built with the sanitizers: the TAP
		# suites too, whose clusters inherit these settings)
		mkdir -p "$CHECK/sanitizer"
		# (a quarantine of freed memory of 16 MB, not 256: the suites
		# measure the peak memory of backends; FK_SANITIZE_CONF: settings
		# for every cluster, the TAP suites' too through TEMP_CONFIG)
		export ASAN_OPTIONS="detect_leaks=0:detect_stack_use_after_return=0:quarantine_size_mb=16:log_path=$CHECK/sanitizer/asan"
		export UBSAN_OPTIONS="print_stacktrace=1:log_path=$CHECK/sanitizer/ubsan"
		[ -n "${FK_SANITIZE_CONF:-}" ] && export TEMP_CONFIG=$FK_SANITIZE_CONF
		start_cluster ${FK_SANITIZE_CONF:-}
		run_regress
		run_pgtap
		stop_cluster
		[ "${FK_SANITIZE_TAP:-0}" = 1 ] && run_tap
		reports=$(cat "$CHECK"/sanitizer/* 2>/dev/null | grep -cE 'ERROR: AddressSanitizer|runtime error:')
		cat "$CHECK"/sanitizer/* 2>/dev/null | head -60
		echo
		echo "$passed passed, $failed failed, $reports sanitizer reports"
		[ "$failed" -eq 0 ] && [ "$reports" -eq 0 ]
		;;
	run-prove)
		tap_env "$CHECK/prove"
		prove -v "${@:2}"
		;;
	*)
		echo "usage: harness.sh test|demo|bench|psql [ARGS]|stop|sqlsmith|sanitize|prove SCRIPT..." >&2
		exit 2
		;;
esac
