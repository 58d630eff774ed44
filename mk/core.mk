# The kernel core's sources (pure C, no postgres.h), shared by the extension,
# the C unit tests, the benchmarks and 'make portable-check'.
#
# The includer sets FK_X86_64 to a non-empty value when the target is x86-64:
# only there are the per-instruction-set files built, each with its own -m
# flags (dispatch.c picks one at run time).  Elsewhere the portable scalar
# path stands alone.

FK_CORE_PORTABLE = \
	src/core/bitmap.o \
	src/core/checks.o \
	src/core/dispatch.o \
	src/core/interrupt.o \
	src/core/kern_scalar.o \
	src/core/kern_scalar_nofma.o \
	src/core/lagged.o \
	src/core/masked.o \
	src/core/ops.o \
	src/core/series_running.o \
	src/core/series_fill.o \
	src/core/series_ewm.o \
	src/core/dense.o \
	src/core/fuse_program.o \
	src/core/fuse_compile.o \
	src/core/fuse_run.o \
	src/core/series_sum.o \
	src/core/series_reduce.o \
	src/core/series_rolling.o \
	src/core/series_rolling_weighted.o \
	src/core/series_rolling_short.o \
	src/core/series_time.o \
	src/core/series_time_bucket.o \
	src/core/series_time_bars.o \
	src/core/series_agg.o \
	src/core/series_agg_fold.o \
	src/core/series_agg_var.o \
	src/core/series_agg_moments.o \
	src/core/series_quantile.o \
	src/core/series_stats.o \
	src/core/series_hist.o \
	src/core/series_rank.o \
	src/core/alp_encode.o \
	src/core/alp_decode.o \
	src/core/alp_unpack.o \
	src/core/tvec_codec.o

FK_CORE_X86_64 = \
	src/core/checks_avx2.o \
	src/core/kern_avx2.o \
	src/core/kern_avx512.o \
	src/core/dense_gelu_avx2.o \
	src/core/dense_gelu_avx512.o \
	src/core/alp_decode_avx2.o \
	src/core/alp_decode_avx512.o \
	src/core/series_rolling_short_avx2.o \
	src/core/series_agg_fold_avx2.o \
	src/core/series_agg_fold_avx512.o

CORE_OBJS = $(FK_CORE_PORTABLE) $(if $(FK_X86_64),$(FK_CORE_X86_64))

# C unit tests of the kernel core
UNIT_TESTS = \
	test_bitmap \
	test_checks \
	test_kernels \
	test_determinism \
	test_masked \
	test_dense \
	test_fuse_program \
	test_fuse_lag \
	test_fuse_pipe \
	test_fuse_time \
	test_series_reduce \
	test_series_running \
	test_series_rolling \
	test_series_rolling_short \
	test_series_rolling_moments \
	test_series_time \
	test_series_agg \
	test_series_stats \
	test_series_rank \
	test_alp \
	test_alp_paths \
	test_tvec

# Strict IEEE semantics: no contraction into FMA, so every path rounds alike
FK_CORE_CFLAGS = -std=gnu99 -ffp-contract=off -fno-fast-math

# Instruction-set flags of the x86-64 files (target-specific, so harmless
# where those files are not built); their SLEEF prototypes need them too
src/core/kern_avx2.o src/core/dense_gelu_avx2.o: CFLAGS += -mavx2 -mfma
src/core/kern_avx512.o src/core/dense_gelu_avx512.o: CFLAGS += -mavx512f -mavx512dq -mavx2 -mfma
# Fault checks: their 64-element bit loops vectorise at -O3; one copy per ISA
src/core/checks.o: CFLAGS += -O3
src/core/checks_avx2.o: CFLAGS += -O3 -mavx2
# Reductions: their eight-lane loops vectorise at -O3 (lane by lane, so the
# bits stay those of the plain C)
src/core/series_sum.o: CFLAGS += -O3
src/core/series_reduce.o: CFLAGS += -O3
# ALP: the 64-value group loops unroll and vectorise at -O3; the decoder's
# loops once more per instruction set (alp_decode_body.h)
src/core/alp_decode.o: CFLAGS += -O3
src/core/alp_encode.o: CFLAGS += -O3
src/core/alp_unpack.o: CFLAGS += -O3
# Times as delta-of-deltas: the unpack and prefix-sum loops at -O3
src/core/tvec_codec.o: CFLAGS += -O3
src/core/alp_decode_avx2.o: CFLAGS += -O3 -mavx2
src/core/alp_decode_avx512.o: CFLAGS += -O3 -mavx512f -mavx512dq -mavx2
# Cross-row sums: the all-valid word loop vectorises at -O3 (portable SSE2);
# the dense loops once more per instruction set (series_agg_fold_body.h)
src/core/series_agg.o: CFLAGS += -O3
src/core/series_rolling_short_avx2.o: CFLAGS += -O3 -mavx2
src/core/series_agg_fold.o: CFLAGS += -O3
src/core/series_agg_fold_avx2.o: CFLAGS += -O3 -mavx2
src/core/series_agg_fold_avx512.o: CFLAGS += -O3 -mavx512f -mavx512dq -mavx2
