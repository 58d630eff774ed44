# mk/tools.mk: developer tools: the archive, pgindent, typedefs,
# compile_commands.json, print-VARIABLE

# 'make dist': the archive PGXN takes, fusekern-<version>.zip of what HEAD
# holds (git archive; .gitattributes leaves out what only git and CI use),
# the version being default_version of fusekern.control
FK_VERSION = $(shell sed -n "s/^default_version *= *'\(.*\)'/\1/p" $(FK_SRC)/$(EXTENSION).control)
.PHONY: dist
dist:
	@git -C $(FK_SRC) diff --quiet HEAD -- || echo "note: uncommitted changes are not in the archive (it is made from HEAD)" >&2
	git -C $(FK_SRC) archive --format=zip --prefix=$(EXTENSION)-$(FK_VERSION)/ -o $(CURDIR)/$(EXTENSION)-$(FK_VERSION).zip HEAD
	@echo "wrote $(EXTENSION)-$(FK_VERSION).zip"

.PHONY: print-% indent typedefs compile_commands
# compile_commands.json for editors and clang tools: every object, the unit
# tests and the generator built from scratch under bear (the build itself
# is left as a plain make leaves it)
compile_commands:
	@command -v bear >/dev/null 2>&1 || { echo "make compile_commands needs bear (apt-get install bear)" >&2; exit 1; }
	$(MAKE) --no-print-directory clean
	bear --output compile_commands.json -- $(MAKE) --no-print-directory all unit
EXTRA_CLEAN += compile_commands.json

# pgindent over fusekern's C sources, with the typedefs of
# src/tools/typedefs.list (fusekern's own; 'make typedefs' writes it again)
# and PostgreSQL's list when PG_TYPEDEFS names it.  postgresql-server-dev-15
# ships neither pgindent nor pg_bsd_indent: pgindent is in PostgreSQL's
# source tree (src/tools/pgindent), pg_bsd_indent in the pg-bsd-indent
# package; both must be in PATH.
FK_INDENT_FILES = $(shell cd $(FK_SRC) && git ls-files 'src/*.c' 'src/*.h' 'test/*.c' 'test/*.h' 'bench/*.c' 2>/dev/null)

indent:
	@command -v pgindent >/dev/null 2>&1 && command -v pg_bsd_indent >/dev/null 2>&1 || \
		{ echo "make indent needs pgindent and pg_bsd_indent in PATH (not installed here; see the Makefile)" >&2; exit 1; }
	cat $(FK_SRC)/src/tools/typedefs.list $(PG_TYPEDEFS) | LC_ALL=C sort -u > tmp_typedefs.list
	cd $(FK_SRC) && pgindent --typedefs=$(abspath tmp_typedefs.list) $(FK_INDENT_FILES)
	rm -f tmp_typedefs.list

typedefs:
	cd $(FK_SRC) && bash src/tools/typedefs.sh > src/tools/typedefs.list

print-%:
	@echo '$($*)'
