#!/usr/bin/env bash
# The type names fusekern's C sources define (typedef ... Name; } Name;
# typedef ... (*Name) (...)), one a line, sorted: the typedefs list pgindent
# needs besides PostgreSQL's own.  Run by 'make typedefs' from the top of
# the tree; writes to stdout.
set -euo pipefail
{
	git ls-files 'src/*.c' 'src/*.h' 'src/*/*.c' 'src/*/*.h' 'src/*/*.cu' | xargs cat |
		grep -oE '^\} ?[A-Z][A-Za-z0-9_]*;|typedef [^;()]* \**[A-Z][A-Za-z0-9_]*;|typedef [^;]*\(\*[A-Z][A-Za-z0-9_]*\)' |
		grep -oE '[A-Z][A-Za-z0-9_]*;$|\(\*[A-Z][A-Za-z0-9_]*\)' | tr -d ';()*'
	echo NVec
} | LC_ALL=C sort -u
