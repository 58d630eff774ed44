# fusekern: fused SIMD vector math for PostgreSQL (PGXS build)
#
# This file is the PGXS skeleton; the rest of the build is in mk/:
#   mk/core.mk       the kernel core (pure C) and its per-ISA objects
#   mk/objects.mk    the server-side objects, folder by folder, with the
#                    headers each folder is rebuilt for
#   mk/flags.mk      compiler flags and libraries (SLEEF, serial OpenBLAS)
#   mk/sql.mk        the install script, from src/sql/ and the catalogues
#   mk/device.mk     fusekern_executor, the device process
#   mk/tools.mk      dist, indent, typedefs, compile_commands, print-VAR
#   mk/test.mk       test, test-all, demo, psql, bench, sqlsmith,
#                    sanitize-check, unit tests, fuzz harnesses
#   mk/cuda.mk, mk/portable.mk   the CUDA module; the portable C check

EXTENSION = fusekern
EXTVERSION = 0.5

MODULE_big = fusekern

# Where the sources are: '.' in the tree; for a VPATH build
# (mkdir build && cd build && make -f ../Makefile VPATH=..) the source tree.
# PGXS sets $(srcdir) to the same, but only once included.
ifdef VPATH
FK_SRC := $(patsubst %/,%,$(VPATH))
else
FK_SRC := $(patsubst %/,%,$(dir $(firstword $(MAKEFILE_LIST))))
endif

# Build against the distribution's PostgreSQL unless told otherwise: Debian
# 12's 15, Debian 13's 17 (test/deps.sh default-major), or, where that one
# is not installed, the newest server's (postgresql-common's pg_config)
ifeq ($(origin PG_CONFIG),undefined)
FK_PG_MAJOR := $(shell bash $(FK_SRC)/test/deps.sh default-major 2>/dev/null)
PG_CONFIG := $(firstword $(wildcard /usr/lib/postgresql/$(FK_PG_MAJOR)/bin/pg_config) pg_config)
FK_PG_CONFIG_DEFAULT = 1
endif
export PG_CONFIG

# The target machine, from the compiler the build will use (pg_config's
# unless CC is given): the per-ISA kernels exist only for x86-64
FK_CC := $(if $(filter default undefined,$(origin CC)),$(shell $(PG_CONFIG) --cc 2>/dev/null),$(CC))
FK_MACHINE := $(shell $(or $(FK_CC),cc) -dumpmachine 2>/dev/null)
FK_X86_64 := $(filter x86_64-%,$(FK_MACHINE))
MULTIARCH := $(shell $(or $(FK_CC),cc) -print-multiarch 2>/dev/null)

# Kernel core: pure C, no postgres.h; shared with unit tests and benchmarks
include $(FK_SRC)/mk/core.mk
include $(FK_SRC)/mk/objects.mk
include $(FK_SRC)/mk/sql.mk
include $(FK_SRC)/mk/flags.mk

DATA_built = $(EXTENSION)--$(EXTVERSION).sql
# Earlier releases' install scripts, kept as shipped, and the upgrade path
# from each to the next (ALTER EXTENSION fusekern UPDATE)
DATA = $(filter-out $(DATA_built),$(patsubst $(FK_SRC)/%,%,$(wildcard $(FK_SRC)/$(EXTENSION)--*.sql)))

# pg_regress files: sql/*.sql and expected/*.out, every one, as contrib
# has them (the install and upgrade scripts are beside the control file)
TESTS = $(wildcard $(FK_SRC)/sql/*.sql)
REGRESS = $(patsubst $(FK_SRC)/sql/%.sql,%,$(TESTS))

EXTRA_CLEAN = $(UNIT_BINS) $(SQL_GENERATED) src/tools/gen_sql tmp_check tmp_install results regression.diffs regression.out

# The public header: other extensions read nvec values with it
# (installed as $(includedir_server)/extension/fusekern/nvec.h)
HEADERS = src/nvec/nvec.h

# 'make installcheck' against a running server (PGHOST, PGPORT, PGUSER):
# pg_regress with the extension created first, then the TAP suites, each of
# which starts its own cluster from that installation (prove_installcheck)
REGRESS_OPTS = --load-extension=$(EXTENSION)
# nvec_binary has the server write and read files under results/ (COPY TO
# and FROM a file, as core's COPY tests do): a server running as another
# user (Debian's cluster, pg_buildext's pg_virtualenv) must be able to
# write there, so results/ is made before pg_regress runs, sticky and
# writable by all
REGRESS_PREP = regress-results
TAP_TESTS = 1
PROVE_TESTS = test/t/*.pl

PGXS := $(shell $(PG_CONFIG) --pgxs 2>/dev/null)

# A plain 'make' builds the extension (the deps rule below is not the goal)
.DEFAULT_GOAL := all

# Object directories of a VPATH build, which needs a source tree without
# build outputs (make would take them for its own through VPATH)
ifneq ($(FK_SRC),.)
ifneq ($(wildcard $(FK_SRC)/$(EXTENSION)--$(EXTVERSION).sql $(FK_SRC)/*.so $(FK_SRC)/src/*.o $(FK_SRC)/src/*/*.o $(addprefix $(FK_SRC)/,$(SQL_GENERATED))),)
$(error $(FK_SRC) holds build outputs that a VPATH build would take for its own: run 'make clean' there first)
endif
$(shell mkdir -p $(addprefix src/,core common nvec vector kernels series fuse dense worker device cuda sql tools) test/unit test/cuda bench)
endif

# 'make test', 'make demo', 'make psql' and 'make bench' first install what
# is missing (Debian packages); nothing else does
.PHONY: test demo psql stop bench deps bench-deps portable-check
deps:
	@bash $(FK_SRC)/test/deps.sh

bench-deps:
	@bash $(FK_SRC)/test/deps.sh bench

ifeq ($(wildcard $(PGXS)),)
# No PGXS yet: install it, then start over with the real build (which
# chooses the default PG_CONFIG again, now that the server is installed)
FK_RESTART = $(if $(FK_PG_CONFIG_DEFAULT),env -u PG_CONFIG)
test demo psql: deps
	@$(FK_RESTART) $(MAKE) --no-print-directory $@
bench: bench-deps
	@$(FK_RESTART) $(MAKE) --no-print-directory $@
portable-check:
	@bash $(FK_SRC)/test/deps.sh portable $(FK_CROSS)
	@$(FK_RESTART) $(MAKE) --no-print-directory $@
all install installcheck:
	@echo "PGXS not found: run 'make demo' or 'make test' (they install it), or set PG_CONFIG" >&2; exit 1
else
include $(PGXS)
include $(FK_SRC)/mk/sql-rules.mk
include $(FK_SRC)/mk/device.mk
include $(FK_SRC)/mk/tools.mk
include $(FK_SRC)/mk/test.mk
include $(FK_SRC)/mk/cuda.mk
include $(FK_SRC)/mk/portable.mk
endif
