#!/usr/bin/env bash
# Every suite on every server CI covers ('make test-all'; .ci/run):
#   1. the whole suite (make test) on Debian's PostgreSQL 15, with Citus
#   2. pg_regress, pgTAP, TAP and the docs check on PostgreSQL 18 built
#      from Debian's source package with assertions (test/ci/pg_source.sh),
#      with pgTAP and Citus built for it
#   3. the out-of-tree build packagers use, and the Debian package built,
#      installed into PostgreSQL 15, tested and removed (when their scripts
#      are there)
# Each step's "N passed, N failed" is added up into the closing line.
# FK_MAJORS="15 18" (default) names the servers; FK_CITUS=0 leaves Citus
# out (the scale-out test then skips).
set -uo pipefail
# each step runs as a make typed at the shell (FK_WERROR and the other
# settings pass in the environment): not as a sub-make of 'make test-all'
unset MAKEFLAGS MAKELEVEL MFLAGS
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"

passed=0
failed=0
steps=()
t0=$(date +%s)

# Run a step, show its output, add up its closing "N passed, N failed"
# line (or TAP lines); a step that fails without saying so counts one
step() {
	local name=$1 log rc p f line s=$(date +%s)
	shift
	log=$(mktemp)
	echo "=== $name"
	"$@" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
	if [ -n "$line" ]; then
		p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
		f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
	else
		p=$(grep -cE '^[[:space:]]*ok [0-9]+' "$log")
		f=$(grep -cE '^[[:space:]]*not ok [0-9]+' "$log")
	fi
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	passed=$((passed + p))
	failed=$((failed + f))
	steps+=("$(printf '%-44s %5d passed, %3d failed, %4ds' "$name" "$p" "$f" $(($(date +%s) - s)))")
	rm -f "$log"
}

# Overlays (staged add-ons) for the server of pg_config $1: Citus unless
# FK_CITUS=0 or its sources are missing; pgTAP when the server lacks it
overlays() {
	local pgc=$1 o=""
	if [ ! -f "$("$pgc" --sharedir)/extension/pgtap.control" ]; then
		o="$o $(bash test/ci/pg_source.sh pgtap "$pgc")" || return 1
	fi
	if [ "${FK_CITUS:-1}" != 0 ]; then
		local c rc
		c=$(bash test/ci/pg_source.sh citus "$pgc")
		rc=$?
		if [ $rc -eq 0 ]; then
			o="$o $c"
		elif [ $rc -ne 3 ]; then
			return 1
		fi
	fi
	echo "$o"
}

# The suites of make test on the server of pg_config $1 ($2: FK_SUITES)
suite_on() {
	local pgc=$1 suites=$2 ov
	ov=$(overlays "$pgc") || { echo "building the add-ons for $pgc failed"; return 1; }
	make -s clean >/dev/null 2>&1
	FK_OVERLAYS="$ov" FK_SUITES="$suites" make test PG_CONFIG="$pgc"
}

bash test/deps.sh
for major in ${FK_MAJORS:-15 18}; do
	if [ "$major" = 15 ]; then
		step "PostgreSQL 15 (Debian): every suite" \
			suite_on /usr/lib/postgresql/15/bin/pg_config "regress pgtap tap unit fuzz"
	else
		pgc=$(bash test/ci/pg_source.sh server "$major" assert)
		if [ -z "$pgc" ]; then
			step "PostgreSQL $major (source, assertions)" false
			continue
		fi
		step "$("$pgc" --version) (source, assertions)" suite_on "$pgc" "regress pgtap tap"
	fi
done
make -s clean >/dev/null 2>&1
[ -f test/ci/vpath_build.sh ] && step "out-of-tree build (VPATH)" bash test/ci/vpath_build.sh
[ -f test/ci/deb_check.sh ] && step "Debian package" bash test/ci/deb_check.sh
[ -f test/ci/trixie.sh ] && step "Debian 13 (chroot): PostgreSQL 17, package" bash test/ci/trixie.sh

echo
echo "=== summary ($(($(date +%s) - t0)) s)"
printf '%s\n' "${steps[@]}"
echo
echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
