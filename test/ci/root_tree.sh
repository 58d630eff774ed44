#!/usr/bin/env bash
# make demo, make psql and make test as root in a work tree the postgres
# user cannot read, as in a clone under /root (mode 0700): the tree is
# copied (as built, without .git, tmp_check and tmp_install) into a
# directory of mode 0700 under ${TMPDIR:-/tmp}, and there
#   - make demo runs, from a copy of the tree that is gone when it ends
#   - make psql runs psql as root against the server (which runs as
#     postgres): a script in that directory is read, and its \copy writes a
#     file there, where postgres can neither read nor write
#   - a second make psql finds the cluster running; make stop stops it and
#     removes the directory outside the tree it ran from
#   - make test (one pg_regress file) passes, its logs come back into the
#     tree's tmp_check/, and its copy is gone when it ends
# Prints TAP lines; exits non-zero when a step fails.  Needs root (without
# it: "1..0 # SKIP").
#   PG_CONFIG      the server to build for (the Makefile's default otherwise)
#   FK_TEST_PORT   the clusters' port (the harness's default otherwise)
#   FK_KEEP=1      keep the temporary directory (its path is printed)
set -uo pipefail
unset MAKEFLAGS MAKELEVEL MFLAGS

if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root"
	exit 0
fi

top=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
chmod 700 "$tmp"
if [ "${FK_KEEP:-0}" = 1 ]; then
	echo "# kept: $tmp"
else
	trap 'make -s -C "$tmp/tree" stop >/dev/null 2>&1; rm -rf "$tmp"' EXIT
fi
tree=$tmp/tree
mkdir -p "$tree"

# step DESCRIPTION LOG COMMAND..., and the counts n and failed
. "$top/test/ci/tap_step.sh"

copy_tree() {
	tar -C "$top" --exclude=./.git --exclude=./tmp_check --exclude=./tmp_install -cf - . |
		tar -C "$tree" -xf - &&
		! runuser -u postgres -- test -r "$tree/Makefile"
}

# The copy the harness ran from, as it named it in $1; gone now
copy_gone() {
	local c
	c=$(sed -n 's/^(the postgres user cannot read this work tree: running from a copy in \([^,]*\),.*/\1/p' "$1")
	echo "copy: ${c:-none named}"
	[ -n "$c" ] && [ ! -e "$c" ]
}

demo() {
	make -C "$tree" demo >"$tmp/demo.out" 2>&1
	local rc=$?
	cat "$tmp/demo.out"
	[ $rc -eq 0 ] && grep -q '^== Next: "make psql"' "$tmp/demo.out" && copy_gone "$tmp/demo.out"
}

# psql as root: a script postgres cannot read, a \copy into a directory it
# cannot write, and the role psql connects as
psql_as_root() {
	cat >"$tmp/script.sql" <<'EOF'
\copy (SELECT i, i * i FROM generate_series(1, 3) i) TO 'OUT' CSV
SELECT current_user AS role, vsum('{1,2,3}'::nvec) AS sum;
EOF
	sed -i "s|'OUT'|'$tmp/out.csv'|" "$tmp/script.sql"
	make -C "$tree" psql PSQL_ARGS="-X -f $tmp/script.sql" >"$tmp/psql.out" 2>&1
	local rc=$?
	cat "$tmp/psql.out"
	[ $rc -eq 0 ] &&
		[ "$(cat "$tmp/out.csv")" = "$(printf '1,1\n2,4\n3,9')" ] &&
		grep -qE '^ postgres \| +6$' "$tmp/psql.out" &&
		[ "$(stat -c %U "$tmp/out.csv")" = root ]
}

# The directory outside the tree that make psql's cluster runs from
outside_dir() {
	sed -n 's/.* are in \(\/tmp\/fusekern-psql-root\.[0-9a-f]*\), which .*/\1/p' "$tmp/psql.out"
}

psql_again() {
	local out
	out=$(make -s --no-print-directory -C "$tree" psql ARGS="-X -A -t -c 'SELECT 1 + 1'" 2>&1)
	echo "$out"
	[ "$out" = 2 ]
}

stop() {
	local d
	d=$(outside_dir)
	echo "outside the tree: ${d:-none named}"
	[ -n "$d" ] && [ -d "$d" ] && make -C "$tree" stop && [ ! -e "$d" ]
}

regress() {
	make -C "$tree" test FK_SUITES=regress REGRESS=nvec_io >"$tmp/test.out" 2>&1
	local rc=$?
	cat "$tmp/test.out"
	[ $rc -eq 0 ] && grep -qE '^[1-9][0-9]* passed, 0 failed$' "$tmp/test.out" &&
		[ -s "$tree/tmp_check/regress.log" ] && copy_gone "$tmp/test.out"
}

echo "1..6"
step "a copy of the work tree, as built, that the postgres user cannot read" copy.log copy_tree
step "make demo as root there; the copy it ran from is gone" demo.log demo
step "make psql as root there: psql reads a script and \\copy writes a file where postgres cannot" \
	psql.log psql_as_root
step "make psql again: the cluster still runs" psql2.log psql_again
step "make stop: the directory outside the tree the cluster ran from is removed" stop.log stop
step "make test there (one pg_regress file): passes, its logs in the tree, its copy gone" \
	test.log regress
[ "$failed" -eq 0 ]
