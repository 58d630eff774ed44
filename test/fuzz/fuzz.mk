# libFuzzer harnesses of the parsers and the tvec codec (test/fuzz/): included by the Makefile.
#
#   make fuzz [FUZZ_SECONDS=60] [FUZZ_TARGETS="nvec_in ..."]
#		run each harness for FUZZ_SECONDS from its corpus (new inputs are
#		kept in test/fuzz/build/corpus/<target>)
#   make fuzz-build		build them only
#
# The harnesses are built with Debian's clang from the extension's own
# sources plus a thin shim of the server (pg_shim.c), with ASan and UBSan.

FUZZ_CC ?= clang
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= nvec_in nvec_recv nvec_alp fuse tvec
FUZZ_BUILD = test/fuzz/build
FUZZ_SAN = -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS = -g -O1 -fno-omit-frame-pointer $(FUZZ_SAN) -fsanitize=fuzzer-no-link \
	-std=gnu99 -ffp-contract=off -fno-fast-math -DFK_NVEC_INTERNAL -Wall -Wno-unused-parameter \
	-I$(FK_SRC)/src -I$(FK_SRC)/test/fuzz -isystem $(shell $(PG_CONFIG) --includedir-server)
# libpgcommon/libpgport (frontend builds): string formatting, stringinfo, d2s
FUZZ_PGLIBS = $(firstword $(wildcard $(addsuffix /libpgcommon.a,$(shell $(PG_CONFIG) --pkglibdir) $(shell $(PG_CONFIG) --libdir)))) \
	$(firstword $(wildcard $(addsuffix /libpgport.a,$(shell $(PG_CONFIG) --pkglibdir) $(shell $(PG_CONFIG) --libdir))))
FUZZ_LIBS = $(FUZZ_PGLIBS) -lsleef -lm

# The kernel core without the dense layers, built for the harnesses
FUZZ_CORE = $(filter-out src/core/dense%,$(CORE_OBJS))
# Instruction sets of the per-ISA files, as the Makefile's rules give them
FUZZ_ISA_kern_avx2 = -mavx2 -mfma
FUZZ_ISA_kern_avx512 = -mavx512f -mavx512dq -mavx2 -mfma
FUZZ_ISA_checks_avx2 = -mavx2
FUZZ_ISA_alp_decode_avx2 = -mavx2
FUZZ_ISA_alp_decode_avx512 = -mavx512f -mavx512dq -mavx2
FUZZ_ISA_series_agg_fold_avx2 = -mavx2
FUZZ_ISA_series_agg_fold_avx512 = -mavx512f -mavx512dq -mavx2
# The encoder runs in the decoder's harness to check round trips, not as a
# target: sanitized, but without coverage feedback (which would dominate)
FUZZ_EXTRA_alp_encode = -fno-sanitize=fuzzer-no-link

FUZZ_SHIM = test/fuzz/pg_shim.o
# The decoder picks its loops by the kernel core's CPU probe (dispatch.c,
# which names every kernel table): the nvec harnesses link the whole core
FUZZ_NVEC = src/nvec/pg_nvec.o src/nvec/pg_nvec_binary.o src/nvec/pg_nvec_check.o src/nvec/pg_nvec_alp.o $(FUZZ_CORE)
FUZZ_OBJS_nvec_in = test/fuzz/fuzz_nvec_in.o test/fuzz/fuzz_nvec.o $(FUZZ_SHIM) $(FUZZ_NVEC)
FUZZ_OBJS_nvec_recv = test/fuzz/fuzz_nvec_recv.o test/fuzz/fuzz_nvec.o $(FUZZ_SHIM) $(FUZZ_NVEC)
FUZZ_OBJS_nvec_alp = test/fuzz/fuzz_nvec_alp.o test/fuzz/fuzz_nvec.o $(FUZZ_SHIM) $(FUZZ_NVEC)
# the tvec codec: pure C, no shim of the server
FUZZ_OBJS_tvec = test/fuzz/fuzz_tvec.o $(FUZZ_CORE)
FUZZ_OBJS_fuse = test/fuzz/fuzz_fuse.o test/fuzz/fuse_stubs.o $(FUZZ_SHIM) \
	src/fuse/pg_fuse_text.o src/fuse/pg_fuse_scalar.o $(FUZZ_CORE)

FUZZ_BINS = $(addprefix $(FUZZ_BUILD)/fuzz_,$(FUZZ_TARGETS))

$(FUZZ_BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) $(FUZZ_ISA_$(notdir $*)) $(FUZZ_EXTRA_$(notdir $*)) -c -o $@ $<

# Every object depends on the headers; the fused harness compiles in
# pg_fuse_lower.c and pg_fuse_exec.c
FUZZ_ALL_OBJS = $(addprefix $(FUZZ_BUILD)/obj/,$(sort $(foreach t,$(FUZZ_TARGETS),$(FUZZ_OBJS_$(t)))))
$(FUZZ_ALL_OBJS): $(wildcard $(FK_SRC)/src/*.h $(FK_SRC)/src/core/*.h $(FK_SRC)/test/fuzz/*.h)
$(FUZZ_BUILD)/obj/test/fuzz/fuzz_fuse.o: src/fuse/pg_fuse_lower.c src/fuse/pg_fuse_exec.c

.SECONDEXPANSION:
$(FUZZ_BUILD)/fuzz_%: $$(addprefix $(FUZZ_BUILD)/obj/,$$(FUZZ_OBJS_$$*))
	$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(FUZZ_LIBS)

.PHONY: fuzz fuzz-build
fuzz-build: $(FUZZ_BINS)

fuzz: fuzz-build
	@bash $(FK_SRC)/test/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_BUILD)/run $(FUZZ_TARGETS)

EXTRA_CLEAN += $(FUZZ_BUILD)
