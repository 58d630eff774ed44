# fusekern: fused SIMD vector math for PostgreSQL (PGXS build)

EXTENSION = fusekern
EXTVERSION = 0.1

MODULE_big = fusekern

# Kernel core: pure C, no postgres.h; shared with unit tests and benchmarks
CORE_OBJS = \
	src/core/bitmap.o

OBJS = \
	src/fusekern.o \
	src/pg_nvec.o \
	src/pg_nvec_cast.o \
	src/vecview.o \
	src/pg_nvec_binary.o \
	src/pg_nvec_subscript.o \
	src/pg_nvec_funcs.o \
	src/pg_nvec_agg.o \
	$(CORE_OBJS)

# Fragments of the install script, in dependency order
SQL_PARTS = \
	src/sql/00_nvec_type.sql \
	src/sql/01_nvec_cast.sql \
	src/sql/02_nvec_funcs.sql

DATA_built = $(EXTENSION)--$(EXTVERSION).sql

REGRESS = \
	nvec_io \
	nvec_cast \
	nvec_funcs \
	nvec_binary

# C unit tests of the kernel core (run by 'make test')
UNIT_TESTS = \
	test_bitmap

EXTRA_CLEAN = $(UNIT_BINS) tmp_check tmp_install results regression.diffs regression.out

# Build against PostgreSQL 15 unless told otherwise
PG_CONFIG ?= $(firstword $(wildcard /usr/lib/postgresql/15/bin/pg_config) pg_config)
export PG_CONFIG

# Strict IEEE semantics: no contraction into FMA, so every path rounds alike
PG_CFLAGS += -std=gnu99 -ffp-contract=off -fno-fast-math -Isrc -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers
ifdef FK_WERROR
PG_CFLAGS += -Werror
endif

# JIT bitcode brings nothing to these functions; build none
override with_llvm = no

PGXS := $(shell $(PG_CONFIG) --pgxs 2>/dev/null)

# 'make test' and 'make demo' first install what is missing (Debian packages)
.PHONY: test demo deps
deps:
	@bash test/deps.sh

ifeq ($(wildcard $(PGXS)),)
# No PGXS yet: install it, then start over with the real build
test demo: deps
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

test/unit/%: test/unit/%.c $(CORE_OBJS) test/unit/tap.h
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

print-%:
	@echo '$($*)'
endif
