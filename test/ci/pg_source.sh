#!/usr/bin/env bash
# PostgreSQL and its test companions built from source into a cache outside
# the work tree, for the suites that run on a server Debian 12 does not ship.
#
#   pg_source.sh server MAJOR [assert|asan]
#       PostgreSQL MAJOR from Debian's own source package (the unstable
#       suite, through a private sources list: the machine's apt setup is
#       not changed), built with TAP support and postgres_fdw.  'assert':
#       --enable-cassert --enable-debug; 'asan': the same, compiled with
#       -fsanitize=address,undefined.  Prints the installation's pg_config.
#       When Debian serves no postgresql-MAJOR source, the PostgreSQL MAJOR
#       kept in ../shared/vendor (postgresql-16beta2.tar.gz for 16; its
#       checksum verified first) is built instead, and only what pg_regress
#       needs: the server, plpgsql, initdb, pg_ctl, psql, pg_config, PGXS
#       and pg_regress (no postgres_fdw, no pg_dump: not for the TAP suites).
#   pg_source.sh pgtap PG_CONFIG
#       pgTAP from Debian's source package, staged for that server.
#   pg_source.sh citus PG_CONFIG
#       Citus from ../shared/vendor (checksums verified first), staged for
#       that server; exits 3 when that folder is not there.
#   (pgtap and citus print the staged tree, which the harness lays over
#   its private copy of the server: FK_OVERLAYS.)
#
# A build is reused while its source version is the one Debian serves (or
# when the archive cannot be reached; a vendored one: while the tarball's
# checksum is the same) and its configuration is the same; a new version is
# built beside it and the old one removed.  FK_CACHE names the cache
# (default /var/cache/fusekern as root, ~/.cache/fusekern otherwise).
set -euo pipefail
# the builds below are top-level makes: PostgreSQL's makefiles generate
# their headers only at MAKELEVEL 0 (this script may run under a make)
unset MAKEFLAGS MAKELEVEL MFLAGS

top=$(cd "$(dirname "$0")/../.." && pwd)
if [ "$(id -u)" -eq 0 ]; then
	CACHE=${FK_CACHE:-/var/cache/fusekern}
else
	CACHE=${FK_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fusekern}
fi
APT_DIR=$CACHE/apt
JOBS=$(nproc 2>/dev/null || echo 2)
mkdir -p "$CACHE"

log() { echo "pg_source: $*" >&2; }

# apt-get/apt-cache with the private source list and package lists
apt_private() {
	local tool=$1
	shift
	"$tool" -o Dir::Etc::SourceList="$APT_DIR/sources.list" -o Dir::Etc::SourceParts=/dev/null \
		-o Dir::State::Lists="$APT_DIR/lists" -o Dir::Cache="$APT_DIR/cache" "$@"
}

# Refresh the private lists of Debian's unstable sources (once per hour)
apt_update() {
	mkdir -p "$APT_DIR/lists/partial" "$APT_DIR/cache"
	cat >"$APT_DIR/sources.list" <<-LIST
		deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian unstable main
	LIST
	if [ -z "$(find "$APT_DIR/lists" -maxdepth 1 -name '*Sources*' -mmin -60 2>/dev/null)" ]; then
		apt_private apt-get -qq update >&2 || log "the source lists could not be refreshed"
	fi
}

# The version of source package $1 that the lists name (empty if none)
src_version() {
	apt_private apt-cache showsrc "$1" 2>/dev/null | sed -n 's/^Version: //p' | sort -V | tail -n 1
}

# Download source package $1 into directory $2; the upstream tarball is
# what gets built
src_download() {
	local pkg=$1 dir=$2
	mkdir -p "$dir"
	# apt checks each file against the hashes of the signed Sources index;
	# a file the mirror does not serve (seen: some .dsc) is not needed
	(cd "$dir" && apt_private apt-get -qq source --download-only "$pkg" >/dev/null 2>&1) || true
	ls "$dir"/*.orig.tar.* >/dev/null 2>&1 || { log "no source of $pkg could be fetched"; return 1; }
}

# The newest finished build of flavour $2 of major $1 in the cache
cached_build() {
	ls -d "$CACHE"/pg-"$1".*-"$2"/.complete 2>/dev/null | sort -V | tail -n 1 | xargs -r dirname
}

# The configure options of a server built into $1, flavour $2 (into conf):
# configured as Debian configures its servers where the suites care (lz4
# and zstd TOAST compression), with TAP support and assertions
server_conf() {
	conf=(--prefix="$1" --enable-cassert --enable-debug --enable-tap-tests
		--with-lz4 --with-zstd --without-icu --without-readline --without-ldap --without-gssapi)
	if [ "$2" = asan ]; then
		# no LDAP/GSSAPI/ICU: their libraries' start-up is what hangs
		# under the ASan runtime in Debian's server
		conf+=(CFLAGS="-O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize=alignment -fno-sanitize-recover=all"
			LDFLAGS="-fsanitize=address,undefined")
	fi
}

# The PostgreSQL $1 tarball kept in ../shared/vendor (or FK_VENDOR) and
# listed in its SHA256SUMS, the newest (empty if none)
vendored_server() {
	local vendor=${FK_VENDOR:-$top/../shared/vendor}
	[ -f "$vendor/SHA256SUMS" ] || return 0
	sed -nE "s/^[0-9a-f]{64} +(postgresql-$1(\.|beta|rc)[0-9.a-z]*\.tar\.gz)\$/\1/p" \
		"$vendor/SHA256SUMS" | sort -V | tail -n 1 | sed "s|^|$vendor/|"
}

# PostgreSQL $1 from the tarball of ../shared/vendor, flavour $2: only what
# pg_regress needs, each directory built and installed on its own (the
# source tree's subdirectories are built one after another anyway)
build_vendored_server() {
	local major=$1 flavour=$2 tarball name sum prefix src conf stamp d old
	local dirs="common port timezone backend backend/utils/mb/conversion_procs
		backend/snowball include interfaces/libpq fe_utils bin/initdb bin/pg_ctl
		bin/psql bin/pg_config pl/plpgsql makefiles test/regress test/perl"
	tarball=$(vendored_server "$major")
	name=$(basename "$tarball" .tar.gz)
	(cd "$(dirname "$tarball")" && grep " $name.tar.gz\$" SHA256SUMS | sha256sum --check --quiet -) ||
		{ log "$name.tar.gz does not match its SHA256SUMS"; exit 2; }
	sum=$(sha256sum "$tarball" | cut -d' ' -f1)
	prefix=$CACHE/pg-${name#postgresql-}-$flavour
	server_conf "$prefix" "$flavour"
	stamp="$name sha256:$sum ${conf[*]}"
	if [ -f "$prefix/.complete" ] && [ "$(cat "$prefix/.complete")" = "$stamp" ]; then
		echo "$prefix/bin/pg_config"
		return
	fi
	log "building ${name#postgresql-} ($flavour) from $tarball into $prefix"
	src=$CACHE/src/$name-$flavour
	rm -rf "$src" "$prefix"
	mkdir -p "$src"
	tar -xzf "$tarball" -C "$src" --strip-components=1
	(
		cd "$src"
		./configure "${conf[@]}" >configure.log 2>&1 || { tail -40 configure.log; exit 1; }
		for d in $dirs; do
			make -s -C "src/$d" -j"$JOBS" >>build.log 2>&1 || { tail -60 build.log; exit 1; }
		done
		for d in $dirs; do
			make -s -C "src/$d" install >>build.log 2>&1 || { tail -60 build.log; exit 1; }
		done
		# PGXS: Makefile.global and its companions, install-sh
		make -s -C src install-local >>build.log 2>&1 && make -s -C config install >>build.log 2>&1 ||
			{ tail -60 build.log; exit 1; }
	) >&2
	echo "$stamp" >"$prefix/.complete"
	for old in "$CACHE"/pg-"$major"[.a-z]*-"$flavour"; do
		[ "$old" = "$prefix" ] || rm -rf "$old"
	done
	rm -rf "$src"
	log "${name#postgresql-} ($flavour) is in $prefix"
	echo "$prefix/bin/pg_config"
}

build_server() {
	local major=$1 flavour=${2:-assert} ver upstream prefix src conf stamp
	bash "$top/test/deps.sh" source >&2
	apt_update
	ver=$(src_version "postgresql-$major")
	if [ -z "$ver" ] && [ -n "$(vendored_server "$major")" ]; then
		build_vendored_server "$major" "$flavour"
		return
	fi
	if [ -z "$ver" ]; then
		prefix=$(cached_build "$major" "$flavour")
		[ -n "$prefix" ] || { log "Debian serves no postgresql-$major source and none is cached"; exit 2; }
		log "postgresql-$major: no source listed now; using the cached $prefix"
		echo "$prefix/bin/pg_config"
		return
	fi
	upstream=${ver%-*}
	prefix=$CACHE/pg-$upstream-$flavour
	server_conf "$prefix" "$flavour"
	# the stamp: the source version and the configuration (a change of
	# either builds again)
	stamp="$ver ${conf[*]}"
	if [ -f "$prefix/.complete" ] && [ "$(cat "$prefix/.complete")" = "$stamp" ]; then
		echo "$prefix/bin/pg_config"
		return
	fi
	log "building PostgreSQL $upstream ($flavour) into $prefix"
	src=$CACHE/src/postgresql-$major-$ver
	src_download "postgresql-$major" "$src"
	rm -rf "$src/build-$flavour" "$prefix"
	mkdir -p "$src/build-$flavour"
	tar -xf "$src"/postgresql-"$major"_"$upstream".orig.tar.* -C "$src/build-$flavour" --strip-components=1
	(
		cd "$src/build-$flavour"
		./configure "${conf[@]}" >configure.log 2>&1 || { tail -40 configure.log; exit 1; }
		make -s -j"$JOBS" >build.log 2>&1 || { tail -60 build.log; exit 1; }
		make -s -C contrib/postgres_fdw -j"$JOBS" >>build.log 2>&1 || { tail -60 build.log; exit 1; }
		make -s install >>build.log 2>&1 && make -s -C contrib/postgres_fdw install >>build.log 2>&1 &&
			make -s -C src/test/perl install >>build.log 2>&1 || { tail -60 build.log; exit 1; }
	) >&2
	echo "$stamp" >"$prefix/.complete"
	# older builds of this flavour and their sources go
	for old in "$CACHE"/pg-"$major"[.a-z]*-"$flavour"; do
		[ "$old" = "$prefix" ] || rm -rf "$old"
	done
	rm -rf "$src/build-$flavour"
	log "PostgreSQL $upstream ($flavour) is in $prefix"
	echo "$prefix/bin/pg_config"
}

# pgTAP for the server of pg_config $1: Debian's pgtap source package,
# or the SQL of Debian's postgresql-15-pgtap when no source is served.
# Add-ons are staged (make install DESTDIR=stage): the harness lays the
# stage over its private copy of the server (FK_OVERLAYS)
build_pgtap() {
	local pgc=$1 major ver srv dir stage src
	major=$("$pgc" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
	apt_update
	ver=$(src_version pgtap)
	# one per server: the staged files carry its installation's paths
	srv=$(basename "$(dirname "$(dirname "$pgc")")")
	dir=$CACHE/pgtap-${ver:-deb15}-pg$major-$srv
	stage=$dir/stage
	if [ -f "$dir/.complete" ]; then
		echo "$stage"
		return
	fi
	rm -rf "$CACHE"/pgtap-*-pg"$major"-"$srv"
	mkdir -p "$dir"
	if [ -n "$ver" ] && src_download pgtap "$dir/dl"; then
		log "building pgTAP $ver for PostgreSQL $major"
		mkdir -p "$dir/build"
		tar -xf "$dir"/dl/pgtap_*.orig.tar.* -C "$dir/build" --strip-components=1
		make -s -C "$dir/build" PG_CONFIG="$pgc" >&2 &&
			make -s -C "$dir/build" PG_CONFIG="$pgc" install DESTDIR="$stage" >&2
	else
		log "no pgtap source served: taking the SQL of Debian's postgresql-15-pgtap"
		src=/usr/share/postgresql/15/extension
		mkdir -p "$stage$("$pgc" --sharedir)/extension"
		cp "$src"/pgtap* "$stage$("$pgc" --sharedir)/extension/"
	fi
	rm -rf "$dir/build" "$dir/dl"
	touch "$dir/.complete"
	echo "$stage"
}

# Citus for the server of pg_config $1, from the sources kept for tests in
# ../shared/vendor (or FK_VENDOR): 13.2.2 for 15, 14.0.1 for 16 to 18
build_citus() {
	local pgc=$1 vendor=${FK_VENDOR:-$top/../shared/vendor} major full ver srv dir stage b
	major=$("$pgc" --version | sed -E 's/^PostgreSQL ([0-9]+).*/\1/')
	full=$("$pgc" --version | sed -E 's/^PostgreSQL ([0-9.]+).*/\1/')
	bash "$top/test/deps.sh" source >&2
	if [ ! -f "$vendor/SHA256SUMS" ]; then
		log "no Citus sources ($vendor/SHA256SUMS is missing)"
		exit 3
	fi
	case $major in
		15) ver=13.2.2 ;;
		16 | 17 | 18) ver=14.0.1 ;;
		*) log "no Citus for PostgreSQL $major"; exit 3 ;;
	esac
	# one build per server: its version, its place and (for one built here)
	# its configuration
	srv=$(dirname "$(dirname "$pgc")")
	dir=$CACHE/citus-$ver-pg$full-$(basename "$srv")
	[ -f "$srv/.complete" ] && dir=$dir-$(cksum <"$srv/.complete" | cut -d' ' -f1)
	stage=$dir/stage
	if [ -f "$dir/.complete" ]; then
		echo "$stage"
		return
	fi
	(cd "$vendor" && grep " citus-$ver.tar.gz\$" SHA256SUMS | sha256sum --check --quiet -) ||
		{ log "citus-$ver.tar.gz does not match $vendor/SHA256SUMS"; exit 2; }
	log "building Citus $ver for PostgreSQL $full"
	rm -rf "$dir"
	b=$dir/build
	mkdir -p "$b"
	tar -xzf "$vendor/citus-$ver.tar.gz" -C "$b" --strip-components=1
	# 13.2.2 defines its own have_createdb_privilege, which servers from
	# 15.20 on declare in commands/dbcommands.h: take theirs
	if grep -q have_createdb_privilege "$("$pgc" --includedir-server)/commands/dbcommands.h" &&
		grep -q '^have_createdb_privilege(void)' "$b/src/include/pg_version_compat.h"; then
		perl -0pi -e 's/static inline bool\nhave_createdb_privilege\(void\)\n\{.*?\n\}\n/#include "commands\/dbcommands.h"\n/s' \
			"$b/src/include/pg_version_compat.h"
	fi
	(
		cd "$b"
		./configure PG_CONFIG="$pgc" --without-libcurl --without-lz4 --without-zstd \
			>configure.log 2>&1 || { tail -30 configure.log; exit 1; }
		# no JIT bitcode (with_llvm=no), which Debian's servers would have
		# built with clang beside every object: twice the work, for nothing
		# the tests use
		make -s -j"$JOBS" with_llvm=no >build.log 2>&1 || { tail -60 build.log; exit 1; }
		make -s install with_llvm=no DESTDIR="$stage" >>build.log 2>&1 || { tail -30 build.log; exit 1; }
	) >&2
	rm -rf "$b"
	touch "$dir/.complete"
	echo "$stage"
}

main() {
	case "${1:-}" in
		server) build_server "${2:?major version}" "${3:-assert}" ;;
		pgtap) build_pgtap "${2:?pg_config}" ;;
		citus) build_citus "${2:?pg_config}" ;;
		*)
			echo "usage: pg_source.sh server MAJOR [assert|asan] | pgtap PG_CONFIG | citus PG_CONFIG" >&2
			exit 2
			;;
	esac
}

main "$@"
