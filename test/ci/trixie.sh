#!/usr/bin/env bash
# fusekern on Debian 13 (trixie) and its PostgreSQL 17, as a new user meets
# them, in a chroot (root):
#
#   - a Debian 13 root (debootstrap, variant minbase, with make and git) in
#     the cache outside the work tree, $FK_CACHE/trixie-root (default
#     /var/cache/fusekern): made once and reused while its stamp says it was
#     made the way this script makes it; its packages are upgraded once a day
#   - a clone of HEAD in it (/build/fusekern; uncommitted changes do not
#     count), ../shared/vendor beside it (a read-only bind mount) when the
#     work tree has one
#   - in it, as root: make demo (on a fresh root, test/deps.sh installs
#     PostgreSQL 17's packages and the build is against 17); Citus built for
#     17 from ../shared/vendor (test/ci/pg_source.sh citus, cached in the
#     root's /var/cache/fusekern); make test, every suite, Citus laid over
#     the server; test/ci/deb_check.sh (postgresql-17-fusekern built,
#     installed, tested and removed)
#   - /proc, /dev, /dev/shm (a tmpfs), /dev/pts and the vendor folder are
#     mounted for the run and unmounted after it, also when a step fails
#
# Prints TAP lines for its own steps and deb_check.sh's, make test's output,
# and a closing "N passed, N failed" that adds them all up.
#
#   trixie.sh run COMMAND...   runs COMMAND in the root made by an earlier
#                              run, in its checkout (/build/fusekern, as that
#                              run left it), with the same mounts: to look
#                              into a failure (trixie.sh run bash -i)
#   FK_CACHE           the cache (default /var/cache/fusekern)
#   FK_DEBIAN_MIRROR   the Debian mirror (default http://deb.debian.org/debian)
#   FK_TEST_PORT       the port of make test's cluster in the root (default 54361)
#   FK_DEB_PORT        that of deb_check.sh's cluster (default 54362)
#   FK_CITUS=0         no Citus (the scale-out test on Citus then skips)
#   FK_TRIXIE_REMAKE=1 make the root again
# FK_WERROR, FK_FUZZ_SECONDS, FK_DEB_PGTAP and FK_DEB_NOCHECK pass into the
# root.
set -uo pipefail
unset MAKEFLAGS MAKELEVEL MFLAGS

top=$(cd "$(dirname "$0")/../.." && pwd)
cache=${FK_CACHE:-/var/cache/fusekern}
root=$cache/trixie-root
mirror=${FK_DEBIAN_MIRROR:-http://deb.debian.org/debian}
include=make,git
# what the root is made of; another stamp makes it again
stamp="trixie minbase $include $mirror (1)"
src=/build/fusekern
vendor=$top/../shared/vendor

n=0
failed=0
passed=0
ok() {
	n=$((n + 1))
	passed=$((passed + 1))
	echo "ok $n - $1"
}
not_ok() {
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $1"
}
finish() {
	echo
	echo "# Debian 13: $passed_suite passed, $failed_suite failed in make test;" \
		"$((passed - passed_suite)) passed, $((failed - failed_suite)) failed in the other steps"
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}
passed_suite=0
failed_suite=0
t() { date +%s; }

if [ "$(id -u)" -ne 0 ]; then
	echo "trixie.sh makes and enters a chroot: run it as root" >&2
	exit 2
fi

# One run at a time uses the root (the lock is taken before the trap that
# unmounts is set: a run that waits ends without touching the other's mounts)
mkdir -p "$cache"
exec 9>"$cache/trixie-root.lock"
flock -n 9 || {
	echo "# another trixie.sh uses $root: waiting for it"
	flock 9
}

# What is mounted at or under the root, deepest first
mounts() {
	awk -v r="$root" '$5 == r || index($5, r "/") == 1 { print $5 }' /proc/self/mountinfo | sort -r
}
# Processes left in the root (a server a failed step did not stop) are
# ended, then everything under it is unmounted
release() {
	local p pids=() m
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] && pids+=("${p#/proc/}")
	done
	if [ ${#pids[@]} -gt 0 ]; then
		echo "# ending what still runs in the root: ${pids[*]}"
		kill "${pids[@]}" 2>/dev/null
		sleep 2
		kill -KILL "${pids[@]}" 2>/dev/null
	fi
	for m in $(mounts); do
		umount "$m" 2>/dev/null || umount -l "$m" || echo "# could not unmount $m"
	done
}
trap release EXIT
trap 'exit 130' INT TERM

# A command in the root, with an environment of its own (none of this
# machine's), in $src when it is there
in_root() {
	local env=(HOME=/root USER=root LOGNAME=root LANG=C.UTF-8 TERM=dumb
		PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
		DEBIAN_FRONTEND=noninteractive
		FK_TEST_PORT="${FK_TEST_PORT:-54361}" FK_DEB_PORT="${FK_DEB_PORT:-54362}")
	local v
	for v in FK_WERROR FK_FUZZ_SECONDS FK_DEB_PGTAP FK_DEB_NOCHECK FK_CITUS; do
		[ -n "${!v:-}" ] && env+=("$v=${!v}")
	done
	chroot "$root" /usr/bin/env -i "${env[@]}" bash -c 'cd "$1" 2>/dev/null || cd /; shift; exec "$@"' \
		in_root "$src" "$@"
}

# The root: made again when its stamp differs (or FK_TRIXIE_REMAKE=1)
make_root() {
	local new=$root.new
	release
	# nothing is removed through a mount that would not go
	if [ -n "$(mounts)" ]; then
		echo "# still mounted under $root: $(mounts | tr '\n' ' ')"
		return 1
	fi
	rm -rf --one-file-system "$root" "$new"
	command -v debootstrap >/dev/null ||
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; } ||
		return 1
	debootstrap --variant=minbase --include="$include" trixie "$new" "$mirror" >"$cache/trixie-debootstrap.log" 2>&1 ||
		{ tail -30 "$cache/trixie-debootstrap.log"; [ -f "$new/debootstrap/debootstrap.log" ] &&
			tail -30 "$new/debootstrap/debootstrap.log"; return 1; }
	# the sources of an installed Debian 13; no service starts in the root
	cat >"$new/etc/apt/sources.list" <<-LIST
		deb $mirror trixie main
		deb $mirror trixie-updates main
		deb http://security.debian.org/debian-security trixie-security main
	LIST
	printf '#!/bin/sh\nexit 101\n' >"$new/usr/sbin/policy-rc.d"
	chmod 755 "$new/usr/sbin/policy-rc.d"
	echo "$stamp" >"$new/.fusekern-root"
	mv "$new" "$root"
}

# The mounts: /proc, /dev (the machine's, without what is mounted under
# it), a /dev/shm and a /dev/pts of its own (apt logs through a pty), the
# vendor folder read-only
mount_root() {
	mount -t proc proc "$root/proc" &&
		mount --bind /dev "$root/dev" &&
		mount -t tmpfs -o mode=1777,nosuid,nodev shm "$root/dev/shm" &&
		mount -t devpts -o newinstance,ptmxmode=0666,mode=620 devpts "$root/dev/pts" || return 1
	mkdir -p "$root/build/shared/vendor"
	if [ -d "$vendor" ] && [ "${FK_CITUS:-1}" != 0 ]; then
		mount --bind "$vendor" "$root/build/shared/vendor" &&
			mount -o remount,bind,ro "$root/build/shared/vendor" || return 1
	fi
}

# (one function, read whole before it runs: the script may change on disk
# while it runs)
main() {
	t0=$(t)
	release
	if [ "${FK_TRIXIE_REMAKE:-0}" = 1 ] || [ "$(cat "$root/.fusekern-root" 2>/dev/null)" != "$stamp" ]; then
		s=$(t)
		echo "# making a Debian 13 root in $root (debootstrap $mirror)"
		if make_root; then
			ok "a Debian 13 root made with debootstrap ($(($(t) - s)) s)"
		else
			not_ok "a Debian 13 root made with debootstrap"
			finish
		fi
	fi

	if ! mount_root; then
		not_ok "/proc, /dev, /dev/shm and /dev/pts mounted in the root"
		finish
	fi

	# Its packages, upgraded once a day (and once made: debootstrap's lists
	# are those of its first source only)
	if [ -z "$(find "$root/.fusekern-upgraded" -mmin -1440 2>/dev/null)" ]; then
		s=$(t)
		if in_root bash -c 'apt-get -qq update && apt-get -qq -y upgrade' >"$cache/trixie-upgrade.log" 2>&1; then
			touch "$root/.fusekern-upgraded"
			echo "# the root's packages are up to date ($(($(t) - s)) s)"
		else
			# offline: the root as it is
			tail -5 "$cache/trixie-upgrade.log" | sed 's/^/# /'
			echo "# the root's packages could not be upgraded: going on with them as they are"
		fi
	fi
	echo "# $(in_root cat /etc/os-release | sed -n 's/^PRETTY_NAME=//p' | tr -d '"'), Debian $(cat "$root/etc/debian_version")"

	# A clean clone of HEAD
	rm -rf --one-file-system "$root$src"
	mkdir -p "$root$src"
	if git -C "$root$src" init -q && git -C "$root$src" fetch -q --depth 1 "$top" "$(git -C "$top" rev-parse HEAD)" &&
		git -C "$root$src" checkout -q FETCH_HEAD; then
		ok "a clone of HEAD ($(git -C "$top" rev-parse --short HEAD)) in $src"
	else
		not_ok "a clone of HEAD in $src"
		finish
	fi
	logs=$root/build/logs
	rm -rf "$logs"
	mkdir -p "$logs"

	# make demo, as the README has a new user start: on a fresh root it
	# installs PostgreSQL 17's packages, and the build is against 17
	s=$(t)
	if in_root make demo >"$logs/demo.log" 2>&1 &&
		pgc=$(in_root make -s --no-print-directory print-PG_CONFIG) &&
		[ "$pgc" = /usr/lib/postgresql/17/bin/pg_config ]; then
		ok "make demo on Debian 13: built against $(in_root "$pgc" --version) ($(($(t) - s)) s)"
	else
		not_ok "make demo on Debian 13, built against PostgreSQL 17 (PG_CONFIG=${pgc:-})"
		tail -40 "$logs/demo.log" | sed 's/^/# /'
		finish
	fi

	# Citus for 17, built once (the root's cache keeps it)
	overlays=""
	if [ "${FK_CITUS:-1}" != 0 ]; then
		s=$(t)
		overlays=$(in_root bash test/ci/pg_source.sh citus "$pgc" 2>"$logs/citus.log")
		rc=$?
		if [ $rc -eq 0 ]; then
			ok "Citus for PostgreSQL 17 ($(grep -o 'building Citus [0-9.]*' "$logs/citus.log" || echo cached), $(($(t) - s)) s)"
		elif [ $rc -eq 3 ]; then
			echo "# no Citus sources in $vendor: the scale-out test on Citus skips"
			overlays=""
		else
			not_ok "Citus for PostgreSQL 17"
			tail -40 "$logs/citus.log" | sed 's/^/# /'
			overlays=""
		fi
	fi

	# make test: every suite
	s=$(t)
	echo "# make test on Debian 13 (FK_OVERLAYS=$overlays)"
	in_root env FK_OVERLAYS="$overlays" make test 2>&1 | tee "$logs/test.log"
	rc=${PIPESTATUS[0]}
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$logs/test.log" | tail -n 1)
	if [ -n "$line" ]; then
		passed_suite=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
		failed_suite=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
	fi
	[ "$rc" -ne 0 ] && [ "$failed_suite" -eq 0 ] && failed_suite=1
	passed=$((passed + passed_suite))
	failed=$((failed + failed_suite))
	echo "# make test on Debian 13: ${line:-no summary line}, exit $rc ($(($(t) - s)) s)"

	# The Debian package: postgresql-17-fusekern built, installed, tested, removed.
	# The root is ours and reused: a run stopped inside deb_check.sh leaves
	# its packages installed there, which deb_check.sh (rightly, on a
	# user's system) refuses to touch; they go first.
	s=$(t)
	in_root bash -c 'for p in $(dpkg-query -W -f="\${Package} \${Status}\n" "postgresql-*-fusekern" python3-fusekern 2>/dev/null |
		awk "\$NF != \"not-installed\" { print \$1 }"); do
		echo "# removing $p, left installed in the root by an earlier run"; dpkg --purge "$p" >/dev/null; done'
	in_root bash test/ci/deb_check.sh 2>&1 | tee "$logs/deb.log"
	rc=${PIPESTATUS[0]}
	p=$(grep -cE '^ok [0-9]+' "$logs/deb.log")
	f=$(grep -cE '^not ok [0-9]+' "$logs/deb.log")
	[ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
	passed=$((passed + p))
	failed=$((failed + f))
	echo "# deb_check.sh on Debian 13: $p passed, $f failed ($(($(t) - s)) s)"

	echo "# Debian 13 in all: $(($(t) - t0)) s"
	finish
}

if [ "${1:-}" = run ]; then
	shift
	[ -f "$root/.fusekern-root" ] || { echo "no root in $root: run trixie.sh first" >&2; exit 2; }
	release
	mount_root || exit 2
	in_root "$@"
	exit
fi
main "$@"
