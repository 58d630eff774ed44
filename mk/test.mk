# mk/test.mk: the suites and the throwaway clusters (test/harness.sh):
# test, test-all, demo, psql, stop, bench, sqlsmith, sanitize-check, the
# unit tests and the fuzz harnesses (test/fuzz/fuzz.mk)

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

UNIT_BINS = $(addprefix test/unit/,$(UNIT_TESTS))

test/unit/%: test/unit/%.c $(CORE_OBJS) $(wildcard $(FK_SRC)/test/unit/*.h)
	$(CC) $(CFLAGS) -o $@ $< $(CORE_OBJS) $(UNIT_LIBS) -lm

.PHONY: unit
unit: $(UNIT_BINS)

stop:
	@bash $(FK_SRC)/test/harness.sh stop

# installcheck's TAP run starts by removing tmp_check/, where that cluster lives
installcheck: stop

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

# SLEEF's AVX2 log against glibc's (bench/log_bench.c): no core object
bench/bin/log_bench: bench/log_bench.c
	@mkdir -p bench/bin
	$(CC) $(CFLAGS) -mavx2 -mfma -o $@ $< -lsleef -lmvec -lm

# Benchmark of the kernel core: same objects, -O2
bench/bin/%: bench/%.c $(CORE_OBJS)
	@mkdir -p bench/bin
	$(CC) $(CFLAGS) -o $@ $< $(CORE_OBJS) $(UNIT_LIBS) -lm

.PHONY: bench-kernels
bench-kernels: bench/bin/kernel_bench
	bench/bin/kernel_bench $(BENCH_REPEATS)

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
