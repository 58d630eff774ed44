# fusekern: fused SIMD vector math for PostgreSQL (PGXS build)

EXTENSION = fusekern
EXTVERSION = 0.1

MODULE_big = fusekern

# Kernel core: pure C, no postgres.h; shared with unit tests and benchmarks
CORE_OBJS = \
	src/core/bitmap.o \
	src/core/checks.o \
	src/core/checks_avx2.o \
	src/core/dispatch.o \
	src/core/kern_scalar.o \
	src/core/kern_scalar_nofma.o \
	src/core/kern_avx2.o \
	src/core/kern_avx512.o \
	src/core/lagged.o \
	src/core/masked.o \
	src/core/ops.o \
	src/core/dense.o \
	src/core/dense_gelu_avx2.o \
	src/core/dense_gelu_avx512.o \
	src/core/fuse_program.o

OBJS = \
	src/fusekern.o \
	src/pg_memory.o \
	src/pg_nvec.o \
	src/pg_nvec_cast.o \
	src/vecview.o \
	src/pg_nvec_binary.o \
	src/pg_nvec_subscript.o \
	src/pg_nvec_funcs.o \
	src/pg_nvec_agg.o \
	src/dense/array.o \
	src/dense/layers.o \
	src/dense/client.o \
	src/dense/shmem.o \
	src/dense/worker.o \
	src/pg_kernels_guc.o \
	src/pg_kernels_run.o \
	src/pg_kernels_unary.o \
	src/pg_kernels_binary.o \
	src/pg_kernels_lagged.o \
	src/pg_fuse.o \
	src/pg_fuse_catalog.o \
	src/pg_fuse_text.o \
	src/pg_fuse_exec.o \
	$(CORE_OBJS)

# Fragments of the install script, in dependency order
SQL_PARTS = \
	src/sql/00_nvec_type.sql \
	src/sql/01_nvec_cast.sql \
	src/sql/02_nvec_funcs.sql \
	src/sql/10_kernels.sql \
	src/sql/20_fusion.sql \
	src/sql/30_dense.sql

DATA_built = $(EXTENSION)--$(EXTVERSION).sql

REGRESS = \
	nvec_io \
	nvec_cast \
	nvec_funcs \
	nvec_binary \
	dense_layers \
	dense_errors \
	kern_unary \
	kern_binary \
	kern_lagged \
	kern_guc \
	kern_memory \
	kern_determinism \
	fusion_explain \
	fusion_contexts

# C unit tests of the kernel core (run by 'make test')
UNIT_TESTS = \
	test_bitmap \
	test_checks \
	test_kernels \
	test_determinism \
	test_masked \
	test_dense \
	test_fuse_program

EXTRA_CLEAN = $(UNIT_BINS) tmp_check tmp_install results regression.diffs regression.out

# Build against PostgreSQL 15 unless told otherwise
PG_CONFIG ?= $(firstword $(wildcard /usr/lib/postgresql/15/bin/pg_config) pg_config)
export PG_CONFIG

# Strict IEEE semantics: no contraction into FMA, so every path rounds alike
PG_CFLAGS += -std=gnu99 -ffp-contract=off -fno-fast-math -Isrc -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers
ifdef FK_WERROR
PG_CFLAGS += -Werror
endif
# The server's headers are system headers: -Wextra is for our code, not their macros
PG_CPPFLAGS += -isystem $(shell $(PG_CONFIG) --includedir-server)

# Dense layers: the serial OpenBLAS (no threads inside a backend), found by
# its own directory so that the alternatives system cannot swap in another
MULTIARCH := $(shell $(CC) -print-multiarch 2>/dev/null)
BLAS_INC = /usr/include/$(MULTIARCH)/openblas-serial
BLAS_DIR = /usr/lib/$(MULTIARCH)/openblas-serial
BLAS_LIBS = -L$(BLAS_DIR) -Wl,-rpath,$(BLAS_DIR) -lopenblas
PG_CPPFLAGS += -I$(BLAS_INC)
SHLIB_LINK += $(BLAS_LIBS) -lsleef
UNIT_LIBS += $(BLAS_LIBS) -lsleef

# Per-ISA GELU, chosen at run time
src/core/dense_gelu_avx2.o: CFLAGS += -mavx2
src/core/dense_gelu_avx512.o: CFLAGS += -mavx512f

# Per-ISA kernels get their instruction sets here only; dispatch picks at run time
src/core/kern_avx2.o: CFLAGS += -mavx2 -mfma
src/core/kern_avx512.o: CFLAGS += -mavx512f -mavx512dq -mavx2 -mfma

# JIT bitcode brings nothing to these functions; build none
override with_llvm = no

# Fault checks: their 64-element bit loops vectorise at -O3; one copy per ISA
src/core/checks.o: CFLAGS += -O3
src/core/checks_avx2.o: CFLAGS += -O3 -mavx2
src/core/checks.o src/core/checks_avx2.o: src/core/checks_body.h src/core/checks.h

PGXS := $(shell $(PG_CONFIG) --pgxs 2>/dev/null)

# A plain 'make' builds the extension (the deps rule below is not the goal)
.DEFAULT_GOAL := all

# 'make test', 'make demo' and 'make bench' first install what is missing (Debian packages)
.PHONY: test demo bench deps bench-deps
deps:
	@bash test/deps.sh

bench-deps:
	@bash test/deps.sh bench

ifeq ($(wildcard $(PGXS)),)
# No PGXS yet: install it, then start over with the real build
test demo: deps
	@$(MAKE) --no-print-directory $@
bench: bench-deps
	@$(MAKE) --no-print-directory $@
all install installcheck:
	@echo "PGXS not found: run 'make demo' or 'make test' (they install it), or set PG_CONFIG" >&2; exit 1
else
include $(PGXS)

$(EXTENSION)--$(EXTVERSION).sql: $(SQL_PARTS)
	( echo '/* $(EXTENSION) $(EXTVERSION): generated from src/sql/, do not edit */'; \
	  printf '%s\n' '\echo Use "CREATE EXTENSION $(EXTENSION)" to load this file. \quit'; \
	  for f in $(SQL_PARTS); do echo; cat $$f; done ) > $@

UNIT_BINS = $(addprefix test/unit/,$(UNIT_TESTS))

# Headers are not tracked by PGXS without --enable-depend: rebuild on any change
$(CORE_OBJS): $(wildcard src/core/*.h)

test/unit/%: test/unit/%.c $(CORE_OBJS) test/unit/tap.h $(wildcard test/unit/*.h)
	$(CC) $(CFLAGS) -o $@ $< $(CORE_OBJS) $(UNIT_LIBS) -lm

.PHONY: unit print-%
unit: $(UNIT_BINS)

# Set up a private installation and cluster, run every suite, print a summary
test: deps
	@$(MAKE) --no-print-directory all unit
	@bash test/harness.sh test

# Same set-up, then a short showcase of real results
demo: deps
	@$(MAKE) --no-print-directory all
	@bash test/harness.sh demo

# Benchmarks (not part of 'make test'): README.md, docs/performance.md.
# The micro-benchmarks of the kernel core and the dense layers are built
# when their sources are there.
BENCH_PROGS = $(patsubst bench/%.c,bench/bin/%,$(wildcard bench/kernel_bench.c)) \
	$(patsubst %.c,%,$(wildcard bench/bench_dense.c))

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

# CPU path of the dense layers against OpenBLAS dgemm alone
.PHONY: bench-dense
bench-dense: bench/bench_dense
bench/bench_dense: bench/bench_dense.c $(CORE_OBJS) src/core/dense.h
	$(CC) $(CFLAGS) $(PG_CPPFLAGS) -o $@ $< $(CORE_OBJS) $(UNIT_LIBS) -lm
EXTRA_CLEAN += bench/bench_dense

# Optional CUDA module, loaded by the executor worker (the main library never
# links the CUDA runtime): built when nvcc is found, unless USE_CUDA=0
USE_CUDA ?= 1
NVCC ?= $(firstword $(wildcard /usr/local/cuda/bin/nvcc) $(shell command -v nvcc 2>/dev/null))
ifneq ($(USE_CUDA),0)
ifneq ($(NVCC),)
CUDA_HOME ?= $(patsubst %/bin/nvcc,%,$(NVCC))
# SASS for A100 and H100, plus PTX for newer parts
CUDA_GENCODE ?= -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=[sm_90,compute_90]
CUDA_MODULE = fusekern_cuda$(DLSUFFIX)
ifdef FK_WERROR
NVCC_WERROR = -Werror all-warnings -Xcompiler -Werror
endif

all: $(CUDA_MODULE)

$(CUDA_MODULE): src/cuda/fusekern_cuda.cu src/cuda/fk_cuda.h src/core/dense.h
	$(NVCC) -O2 --fmad=false -std=c++17 -shared -Xcompiler -fPIC,-Wall $(NVCC_WERROR) -Isrc $(CUDA_GENCODE) \
		-o $@ $< -L$(CUDA_HOME)/lib64 -Xlinker -rpath,$(CUDA_HOME)/lib64 -lcublasLt -lcudart

install: install-cuda
.PHONY: install-cuda
install-cuda: $(CUDA_MODULE)
	$(INSTALL_SHLIB) $(CUDA_MODULE) '$(DESTDIR)$(pkglibdir)/'

# The GPU check program: plain C, dlopen()s the module; skips without a GPU
test/cuda/test_cuda: test/cuda/test_cuda.c $(CORE_OBJS) src/cuda/fk_cuda.h test/unit/tap.h
	$(CC) $(CFLAGS) -Isrc -o $@ $< $(CORE_OBJS) $(UNIT_LIBS) -ldl -lm

unit: test/cuda/test_cuda
UNIT_BINS += test/cuda/test_cuda
EXTRA_CLEAN += $(CUDA_MODULE) test/cuda/test_cuda
endif
endif
endif
