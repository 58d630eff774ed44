# fusekern: fused SIMD vector math for PostgreSQL (PGXS build)

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

OBJS = \
	src/fusekern.o \
	src/common/pg_memory.o \
	src/nvec/pg_nvec.o \
	src/vector/pg_nvec_cast.o \
	src/vector/vecview.o \
	src/nvec/pg_nvec_binary.o \
	src/nvec/pg_nvec_subscript.o \
	src/vector/pg_nvec_slice.o \
	src/nvec/pg_nvec_part.o \
	src/nvec/pg_nvec_check.o \
	src/nvec/pg_nvec_alp.o \
	src/nvec/pg_nvec_alp_sql.o \
	src/pg_info.o \
	src/nvec/pg_nvec_funcs.o \
	src/series/pg_nvec_agg.o \
	src/dense/array.o \
	src/dense/layers.o \
	src/dense/fuse.o \
	src/dense/fuse_exec.o \
	src/worker/worker_client.o \
	src/worker/worker_extent.o \
	src/worker/worker_staging.o \
	src/worker/worker_shmem.o \
	src/worker/worker_device.o \
	src/worker/worker.o \
	src/device/staging.o \
	src/kernels/pg_kernels_guc.o \
	src/kernels/pg_kernels_fault.o \
	src/kernels/pg_kernels_run.o \
	src/kernels/pg_kernels_entry.o \
	src/fuse/pg_fuse.o \
	src/fuse/pg_fuse_tree.o \
	src/fuse/pg_fuse_catalog.o \
	src/fuse/pg_fuse_text.o \
	src/fuse/pg_fuse_order.o \
	src/fuse/pg_fuse_lower.o \
	src/fuse/pg_fuse_exec.o \
	src/fuse/pg_fuse_entry.o \
	src/fuse/pg_fuse_acl.o \
	src/fuse/pg_fuse_ema.o \
	src/fuse/pg_fuse_group.o \
	src/fuse/pg_fuse_scalar.o \
	src/series/pg_series_reduce.o \
	src/series/pg_series_running.o \
	src/series/pg_series_rolling.o \
	src/series/pg_series_agg.o \
	src/series/pg_series_agg_array.o \
	src/series/pg_series_agg_var.o \
	src/series/pg_series_stats.o \
	$(CORE_OBJS)

# Fragments of the install script, in dependency order: those of src/sql/,
# and SQL_GENERATED, written in the build tree by src/tools/gen_sql from the
# catalogue of operations (src/core/ops_catalog.h) and of the aggregates
# across rows (src/tools/agg_catalog.h)
SQL_GENERATED = src/sql/10_kernels.sql src/sql/40_series.sql src/sql/43_series_agg.sql
SQL_PARTS = \
	$(FK_SRC)/src/sql/00_nvec_type.sql \
	$(FK_SRC)/src/sql/01_nvec_cast.sql \
	$(FK_SRC)/src/sql/02_nvec_funcs.sql \
	$(FK_SRC)/src/sql/03_nvec_slice.sql \
	$(FK_SRC)/src/sql/04_nvec_compress.sql \
	$(FK_SRC)/src/sql/05_fusion_support.sql \
	$(FK_SRC)/src/sql/07_info.sql \
	src/sql/10_kernels.sql \
	$(FK_SRC)/src/sql/20_fusion.sql \
	$(FK_SRC)/src/sql/30_dense.sql \
	src/sql/40_series.sql \
	$(FK_SRC)/src/sql/41_series_count.sql \
	src/sql/43_series_agg.sql \
	$(FK_SRC)/src/sql/44_series_ema.sql \
	$(FK_SRC)/src/sql/46_series_stats.sql

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

# Strict IEEE semantics (mk/core.mk); warnings for our code
# FK_NVEC_INTERNAL: nvec.h's DatumGetNVecP calls the decoder directly
PG_CFLAGS += $(FK_CORE_CFLAGS) -DFK_NVEC_INTERNAL -I$(FK_SRC)/src -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers
ifdef FK_WERROR
PG_CFLAGS += -Werror
endif
# 'make sanitize-check' builds the library with these sanitizers
# (docs/hardening.md: ASan in the server needs a working preload)
SANITIZE ?= undefined
SANITIZE_FLAGS = -fsanitize=$(SANITIZE) -fno-omit-frame-pointer
ifdef FK_SANITIZE
PG_CFLAGS += $(SANITIZE_FLAGS)
SHLIB_LINK += $(SANITIZE_FLAGS)
endif
# The server's headers are system headers: -Wextra is for our code, not their macros
PG_CPPFLAGS += -isystem $(shell $(PG_CONFIG) --includedir-server)

# Libraries through pkg-config (both ship .pc files on Debian), with plain
# -l flags when pkg-config does not know them.
PKG_CONFIG ?= pkg-config
SLEEF_CFLAGS := $(shell $(PKG_CONFIG) --cflags sleef 2>/dev/null)
SLEEF_LIBS := $(or $(shell $(PKG_CONFIG) --libs sleef 2>/dev/null),-lsleef)

# Dense layers want the serial OpenBLAS (no threads inside a backend).
# Debian ships each flavour's openblas.pc in the flavour's private directory;
# the shared pkgconfig/openblas.pc, and the libopenblas.so.0 the loader finds,
# are whichever flavour the alternatives system chose (pthreads or OpenMP
# ones start threads in the backend).  So the serial flavour is found through
# its own directory, and an rpath into that directory is the only way to keep
# the loader from taking the alternatives' choice: it is added for that
# directory only.  BLAS_PC_DIR= (empty) takes the system's default instead.
comma := ,
BLAS_PC_DIR ?= $(wildcard /usr/lib/$(MULTIARCH)/openblas-serial/pkgconfig)
FK_BLAS_PC = $(if $(BLAS_PC_DIR),PKG_CONFIG_PATH=$(BLAS_PC_DIR) )$(PKG_CONFIG)
BLAS_CFLAGS := $(shell $(FK_BLAS_PC) --cflags openblas 2>/dev/null)
BLAS_LIBDIR := $(patsubst %/,%,$(shell $(FK_BLAS_PC) --variable=libdir openblas 2>/dev/null))
BLAS_LIBS := $(or $(shell $(FK_BLAS_PC) --libs openblas 2>/dev/null),-lopenblas) \
	$(if $(findstring openblas-serial,$(BLAS_LIBDIR)),-Wl$(comma)-rpath$(comma)$(BLAS_LIBDIR))
PG_CPPFLAGS += $(BLAS_CFLAGS) $(SLEEF_CFLAGS)
SHLIB_LINK += $(BLAS_LIBS) $(SLEEF_LIBS)
UNIT_LIBS += $(BLAS_LIBS) $(SLEEF_LIBS)

# JIT bitcode brings nothing to these functions; build none
override with_llvm = no

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
ifneq ($(wildcard $(FK_SRC)/$(EXTENSION)--$(EXTVERSION).sql $(FK_SRC)/*.so $(FK_SRC)/src/*.o $(addprefix $(FK_SRC)/,$(SQL_GENERATED))),)
$(error $(FK_SRC) holds build outputs that a VPATH build would take for its own: run 'make clean' there first)
endif
$(shell mkdir -p src/core src/dense src/device src/cuda src/sql src/tools test/unit test/cuda bench)
endif

# 'make dist': the archive PGXN takes, fusekern-<version>.zip of what HEAD
# holds (git archive; .gitattributes leaves out what only git and CI use),
# the version being default_version of fusekern.control
FK_VERSION = $(shell sed -n "s/^default_version *= *'\(.*\)'/\1/p" $(FK_SRC)/$(EXTENSION).control)
.PHONY: dist
dist:
	@git -C $(FK_SRC) diff --quiet HEAD -- || echo "note: uncommitted changes are not in the archive (it is made from HEAD)" >&2
	git -C $(FK_SRC) archive --format=zip --prefix=$(EXTENSION)-$(FK_VERSION)/ -o $(CURDIR)/$(EXTENSION)-$(FK_VERSION).zip HEAD
	@echo "wrote $(EXTENSION)-$(FK_VERSION).zip"

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

$(EXTENSION)--$(EXTVERSION).sql: $(SQL_PARTS)
	( echo '/* $(EXTENSION) $(EXTVERSION): generated from src/sql/ and src/core/ops_catalog.h, do not edit */'; \
	  printf '%s\n' '\echo Use "CREATE EXTENSION $(EXTENSION)" to load this file. \quit'; \
	  for f in $^; do echo; cat $$f; done ) > $@

# The SQL of the catalogue's operations: a program of the build machine
# (it runs here, whatever the target), with the catalogue's tables
src/tools/gen_sql: src/tools/gen_sql.c $(FK_SRC)/src/core/ops.c $(wildcard $(FK_SRC)/src/core/*.h $(FK_SRC)/src/tools/*.h)
	$(CC) -I$(FK_SRC)/src -std=gnu99 -O1 -Wall -Wextra -Wno-missing-field-initializers -o $@ $< $(FK_SRC)/src/core/ops.c

src/sql/10_kernels.sql: src/tools/gen_sql
	src/tools/gen_sql kernels > $@.tmp && mv $@.tmp $@

src/sql/40_series.sql: src/tools/gen_sql
	src/tools/gen_sql series > $@.tmp && mv $@.tmp $@

src/sql/43_series_agg.sql: src/tools/gen_sql
	src/tools/gen_sql aggregates > $@.tmp && mv $@.tmp $@

UNIT_BINS = $(addprefix test/unit/,$(UNIT_TESTS))

# Headers are not tracked by PGXS without --enable-depend: rebuild on any change
$(CORE_OBJS): $(wildcard $(FK_SRC)/src/core/*.h)
$(filter-out $(CORE_OBJS),$(OBJS)) $(FK_DEVICE_OBJS): $(wildcard $(FK_SRC)/src/*.h $(FK_SRC)/src/core/*.h $(FK_SRC)/src/dense/*.h $(FK_SRC)/src/device/*.h $(FK_SRC)/src/cuda/*.h)

# The device process (docs/cuda.md): a program of its own, plain C and the
# kernel core, which the executor worker fork()s and exec()s so that it maps
# none of the server's shared memory; installed beside the library
FK_DEVICE_OBJS = src/device/executor.o src/device/staging.o
FK_DEVICE_PROGRAM = fusekern_executor
all: $(FK_DEVICE_PROGRAM)
$(FK_DEVICE_PROGRAM): $(FK_DEVICE_OBJS) $(CORE_OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(FK_DEVICE_OBJS) $(CORE_OBJS) $(UNIT_LIBS) -ldl -lrt -lm
EXTRA_CLEAN += $(FK_DEVICE_PROGRAM) src/device/executor.o

install: install-device
uninstall: uninstall-device
.PHONY: install-device uninstall-device
install-device: $(FK_DEVICE_PROGRAM) installdirs
	$(INSTALL_PROGRAM) $(FK_DEVICE_PROGRAM) '$(DESTDIR)$(pkglibdir)/'
uninstall-device:
	rm -f '$(DESTDIR)$(pkglibdir)/$(FK_DEVICE_PROGRAM)'

test/unit/%: test/unit/%.c $(CORE_OBJS) $(wildcard $(FK_SRC)/test/unit/*.h)
	$(CC) $(CFLAGS) -o $@ $< $(CORE_OBJS) $(UNIT_LIBS) -lm

.PHONY: unit print-% indent typedefs compile_commands
unit: $(UNIT_BINS)

# compile_commands.json for editors and clang tools: every object, the unit
# tests and the generator built from scratch under bear (the build itself
# is left as a plain make leaves it)
compile_commands:
	@command -v bear >/dev/null 2>&1 || { echo "make compile_commands needs bear (apt-get install bear)" >&2; exit 1; }
	$(MAKE) --no-print-directory clean
	bear --output compile_commands.json -- $(MAKE) --no-print-directory all unit
EXTRA_CLEAN += compile_commands.json

# The build's compiler lines only when it fails ('make demo', 'make psql')
FK_QUIET_BUILD = log=$$(mktemp); \
	$(MAKE) --no-print-directory -s $(1) >"$$log" 2>&1 || { cat "$$log"; rm -f "$$log"; exit 1; }; \
	rm -f "$$log"

# Set up a private installation and cluster, run every suite, print a summary
# (the fuzz harnesses, whose server shim is written against 15, are built
# only when FK_SUITES names them: by default it names every suite)
test: deps
	@$(MAKE) --no-print-directory all unit $(if $(filter fuzz,$(or $(FK_SUITES),fuzz)),fuzz-build)
	@bash test/harness.sh test

# What CI runs: every suite on PostgreSQL 15 and on 18 built from source
# with assertions, Citus included, pg_regress on 16beta2 built the same way,
# the out-of-tree build and the Debian package, and in a Debian 13 chroot
# every suite and the package on its 17 (test/ci/all.sh;
# FK_MAJORS="15 16 18", FK_CITUS=0, FK_TRIXIE=0)
.PHONY: test-all
test-all:
	@bash $(FK_SRC)/test/ci/all.sh

# Same set-up, then a guided tour of real results
demo: deps
	@echo "building fusekern (quietly; compiler output only on failure) ..."
	@$(call FK_QUIET_BUILD,all)
	@bash test/harness.sh demo

# psql on the private installation's cluster, started (and the extension
# built, installed and created) when needed; it keeps running until
# 'make stop'.  Extra arguments: make psql ARGS="-c 'SELECT 1'" (or PSQL_ARGS)
psql: deps
	@$(call FK_QUIET_BUILD,all)
	@bash test/harness.sh psql $(PSQL_ARGS) $(ARGS)

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

stop:
	@bash $(FK_SRC)/test/harness.sh stop

# installcheck's TAP run starts by removing tmp_check/, where that cluster lives
installcheck: stop

# PGXS's uninstall removes nvec.h but not the directory made for it
uninstall: uninstall-header-dir
.PHONY: uninstall-header-dir
uninstall-header-dir:
	rm -f '$(DESTDIR)$(includedir_server)/extension/$(MODULE_big)/nvec.h'
	-rmdir '$(DESTDIR)$(includedir_server)/extension/$(MODULE_big)'

.PHONY: regress-results
regress-results:
	mkdir -p results && chmod 1777 results

# Benchmarks (not part of 'make test'): README.md, docs/performance.md.
# The micro-benchmarks of the kernel core and the dense layers are built
# when their sources are there.
BENCH_PROGS = $(patsubst $(FK_SRC)/bench/%.c,bench/bin/%,$(wildcard $(FK_SRC)/bench/kernel_bench.c)) \
	$(patsubst $(FK_SRC)/%.c,%,$(wildcard $(FK_SRC)/bench/bench_dense.c))

bench: bench-deps
	@$(MAKE) --no-print-directory all $(BENCH_PROGS)
	@bash test/harness.sh bench

# Benchmark of the kernel core: same objects, -O2
bench/bin/%: bench/%.c $(CORE_OBJS)
	@mkdir -p bench/bin
	$(CC) $(CFLAGS) -o $@ $< $(CORE_OBJS) $(UNIT_LIBS) -lm

.PHONY: bench-kernels
bench-kernels: bench/bin/kernel_bench
	bench/bin/kernel_bench $(BENCH_REPEATS)

print-%:
	@echo '$($*)'

# SQLsmith's random queries against a throwaway cluster (not in 'make test'):
# SQLSMITH_QUERIES queries from seed SQLSMITH_SEED, stopped at the first crash
SQLSMITH_QUERIES ?= 20000
SQLSMITH_SEED ?= 1
.PHONY: sqlsmith
sqlsmith:
	@bash test/deps.sh sqlsmith
	@$(MAKE) --no-print-directory all
	@SQLSMITH_QUERIES=$(SQLSMITH_QUERIES) SQLSMITH_SEED=$(SQLSMITH_SEED) bash test/harness.sh sqlsmith

# pg_regress and pgTAP against the extension built with the sanitizers of
# SANITIZE (UBSan; with address, the server preloads the ASan runtime:
# docs/hardening.md).  Rebuilds the library, and removes the sanitized
# objects after.
# FK_SANITIZE_SERVER=source: the server too, PostgreSQL 18 built from
# source with ASan and UBSan, and the TAP suites as well
# (test/ci/sanitize_server.sh)
.PHONY: sanitize-check
ifeq ($(FK_SANITIZE_SERVER),source)
sanitize-check: deps
	@bash $(FK_SRC)/test/ci/sanitize_server.sh
else
sanitize-check: deps
	rm -f $(OBJS) $(shlib)
	@$(MAKE) --no-print-directory all FK_SANITIZE=1 USE_CUDA=0 SANITIZE=$(SANITIZE)
	@FK_SERVER_PRELOAD=$(if $(findstring address,$(SANITIZE)),$$($(CC) -print-file-name=libasan.so)) \
		bash test/harness.sh sanitize; \
		rc=$$?; rm -f $(OBJS) $(shlib); exit $$rc
endif

# libFuzzer harnesses of the parsers: 'make fuzz' (test/fuzz/fuzz.mk)
include $(FK_SRC)/test/fuzz/fuzz.mk

# CPU path of the dense layers against OpenBLAS dgemm alone
.PHONY: bench-dense
bench-dense: bench/bench_dense
bench/bench_dense: bench/bench_dense.c $(CORE_OBJS) src/core/dense.h
	$(CC) $(CFLAGS) $(PG_CPPFLAGS) -o $@ $< $(CORE_OBJS) $(UNIT_LIBS) -lm
EXTRA_CLEAN += bench/bench_dense

include $(FK_SRC)/mk/cuda.mk
include $(FK_SRC)/mk/portable.mk
endif
