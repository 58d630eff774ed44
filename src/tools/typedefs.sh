#!/usr/bin/env bash
# The type names fusekern's C sources define (typedef ... Name; } Name;
# typedef ... (*Name) (...)), and the kernel types the catalogue's shape
# rows define (FkKern<SHAPE>, src/core/ops_catalog.h), one a line, sorted:
# the typedefs list pgindent needs besides PostgreSQL's own.  Run by 'make
# typedefs' from the top of the tree (a git checkout, or a copy without
# .git); writes to stdout.  test/t/typedefs.pl fails when
# src/tools/typedefs.list differs from what it writes.
set -euo pipefail
sources() {
	if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
		git ls-files 'src/*.c' 'src/*.h' 'src/*/*.c' 'src/*/*.h' 'src/*/*.cu'
	else
		find src -maxdepth 2 \( -name '*.c' -o -name '*.h' -o -name '*.cu' \) -type f
	fi
}
{
	sources | xargs cat |
		grep -oE '^\} ?[A-Z][A-Za-z0-9_]*;|typedef [^;()]* \**[A-Z][A-Za-z0-9_]*;|typedef [^;]*\(\*[A-Z][A-Za-z0-9_]*\)' |
		grep -oE '[A-Z][A-Za-z0-9_]*;$|\(\*[A-Z][A-Za-z0-9_]*\)' | tr -d ';()*'
	grep -oE '^	F\([A-Z]+, "' src/core/ops_catalog.h | sed -E 's/^	F\(([A-Z]+), "/FkKern\1/'
	echo NVec
} | LC_ALL=C sort -u
