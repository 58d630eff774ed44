#!/usr/bin/env bash
# Every suite on every server CI covers ('make test-all'; .ci/run):
#   1. the whole suite (make test) on Debian's PostgreSQL 15, with Citus,
#      then pg_regress again as on each lesser CPU (FUSEKERN_CPU_CAP), and
#      make demo, make psql and make test as root in a copy of the tree the
#      postgres user cannot read (test/ci/root_tree.sh)
#   2. pg_regress on PostgreSQL 16 (16beta2 from ../shared/vendor) and
#      pg_regress, pgTAP, TAP and the docs check on PostgreSQL 18 from
#      Debian's source package, both with assertions (test/ci/pg_source.sh),
#      pgTAP and Citus built for 18
#   3. the out-of-tree build packagers use, and the Debian package built,
#      installed into PostgreSQL 15, tested and removed (when their scripts
#      are there)
#   4. beside 1-3, in a Debian 13 root: make demo, every suite on its
#      PostgreSQL 17 with Citus, and its Debian package (test/ci/trixie.sh)
# Each step's "N passed, N failed" is added up into the closing line.
# FK_MAJORS="15 16 18" (default) names the servers; FK_CAPS the CPU caps
# (default: those below this CPU); FK_TRIXIE=0 leaves Debian 13 out;
# FK_CITUS=0 leaves Citus out (the scale-out test then skips).
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

# Overlays (staged add-ons) for the server of pg_config $1 and suites $2: Citus
# for tap unless FK_CITUS=0 or its sources are missing; pgTAP for pgtap when
# the server lacks it
overlays() {
	local pgc=$1 s=" $2 " o=""
	if [[ $s == *" pgtap "* ]] && [ ! -f "$("$pgc" --sharedir)/extension/pgtap.control" ]; then
		o="$o $(bash test/ci/pg_source.sh pgtap "$pgc")" || return 1
	fi
	if [[ $s == *" tap "* ]] && [ "${FK_CITUS:-1}" != 0 ]; then
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
	ov=$(overlays "$pgc" "$suites") || { echo "building the add-ons for $pgc failed"; return 1; }
	make -s clean >/dev/null 2>&1
	FK_OVERLAYS="$ov" FK_SUITES="$suites" make test PG_CONFIG="$pgc"
}

# The caps below what this CPU has: avx2 (no AVX-512), scalar (no AVX2)
# and nofma (no FMA either), from the flags the kernel reports
cpu_caps() {
	local flags
	flags=" $(grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | cut -d: -f2) "
	case $flags in *" avx512f "*) case $flags in *" avx512dq "*) echo -n "avx2 " ;; esac ;; esac
	case $flags in *" avx2 "*) echo -n "scalar " ;; esac
	case $flags in *" fma "*) echo -n "nofma" ;; esac
	echo
}

# pg_regress once more as on each lesser CPU (FUSEKERN_CPU_CAP), on the
# build and server of the step before, so every path below this CPU's best
# is proven too, and the suite is shown to pass where that path is the best
# (FK_CAPS: the caps to run, default those below this CPU)
[ "${FK_CAPS:-auto}" = auto ] && FK_CAPS=$(cpu_caps)
capped_regress() {
	local cap
	for cap in $FK_CAPS; do
		step "pg_regress as on a CPU with at most $cap (FUSEKERN_CPU_CAP)" \
			env FUSEKERN_CPU_CAP="$cap" FK_SUITES=regress make test PG_CONFIG="$1"
	done
}

echo "CPU: $(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "paths below it to prove: ${FK_CAPS:-none}"
bash test/deps.sh

# Debian 13 runs in its own root, beside the steps on this machine's
# servers (its own clone, ports and cache): on 2 cores the two overlap
# where one waits (single-threaded suites, downloads).  FK_TRIXIE=0 leaves
# it out.  Its output is shown when it is added up, at the end.
trixie_pid=""
if [ "${FK_TRIXIE:-1}" != 0 ] && [ -f test/ci/trixie.sh ]; then
	trixie_log=$(mktemp)
	(
		s=$(date +%s)
		bash test/ci/trixie.sh >"$trixie_log" 2>&1 </dev/null
		echo $? >"$trixie_log.rc"
		echo $(($(date +%s) - s)) >"$trixie_log.s"
	) &
	trixie_pid=$!
	echo "Debian 13 (test/ci/trixie.sh) started beside the steps below"
fi
# The output of a step that ran in the background, and its exit status
replay() {
	cat "$1"
	return "$(cat "$1.rc")"
}

for major in ${FK_MAJORS:-15 16 18}; do
	if [ "$major" = 15 ]; then
		step "PostgreSQL 15 (Debian): every suite" \
			suite_on /usr/lib/postgresql/15/bin/pg_config "regress pgtap python tap unit fuzz"
		capped_regress /usr/lib/postgresql/15/bin/pg_config
		# as root, make demo, psql and test in a tree postgres cannot read
		# (a copy of this one, as the steps above built it)
		[ -f test/ci/root_tree.sh ] && step "make demo, psql, test as root in a tree postgres cannot read" \
			env PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config bash test/ci/root_tree.sh
	else
		pgc=$(bash test/ci/pg_source.sh server "$major" assert)
		if [ -z "$pgc" ]; then
			step "PostgreSQL $major (source, assertions)" false
			continue
		fi
		suites="regress pgtap tap"
		[ "$major" = 16 ] && suites=regress
		step "$("$pgc" --version) (source, assertions)" suite_on "$pgc" "$suites"
	fi
done
make -s clean >/dev/null 2>&1
[ -f test/ci/vpath_build.sh ] && step "out-of-tree build (VPATH)" bash test/ci/vpath_build.sh
[ -f test/ci/deb_check.sh ] && step "Debian package" bash test/ci/deb_check.sh
if [ -n "$trixie_pid" ]; then
	wait "$trixie_pid"
	step "Debian 13 (chroot): PostgreSQL 17, package ($(cat "$trixie_log.s") s, beside the steps above)" \
		replay "$trixie_log"
fi

echo
echo "=== summary ($(($(date +%s) - t0)) s)"
echo "CPU: $(grep -m1 '^model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //');" \
	"every suite on its own best path, pg_regress also capped at: ${FK_CAPS:-none}"
printf '%s\n' "${steps[@]}"
echo
echo "total: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
