/*
 * kernels.h
 *		The elementwise kernel core: dense primitives per instruction set.
 *
 * Every primitive works on plain arrays of n doubles with no notion of NULL:
 * callers (the masked paths, the fused evaluator) decide which elements are
 * present and ignore the values computed for absent ones.  dst may alias an
 * input of the same index range.  No primitive allocates, and none reports
 * domain errors: they compute what IEEE arithmetic and SLEEF give
 * (ln(0) = -Infinity, ln(-1) = NaN, exp overflow = Infinity), and the caller
 * checks the inputs it cares about.
 *
 * Rounding contract: each operation is rounded once, in the order written
 * below, with no contraction into fused multiply-add, and ln/exp of an
 * element give the same bits wherever it sits in the array and whatever n
 * is.  So a fused kernel gives bit for bit what the chain of unfused
 * primitives it replaces gives on the same table.
 *
 * Determinism contract: ln and exp are SLEEF's deterministic (finz) u10
 * functions on every table of a CPU with FMA, so every table FkKernelsFor
 * returns there gives the same bits for every primitive.  On an x86-64
 * CPU without FMA the scalar table uses SLEEF's non-FMA deterministic
 * functions (cinz), whose exp differs in the last bit on some inputs (see
 * docs/kernels.md).  ln and exp are within 1 ULP, exp within 2 ULP for
 * x > 709.78, where it stays finite up to core's limit.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_KERNELS_H
#define FK_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "cdefs.h"

typedef enum FkIsa
{
	FK_ISA_SCALAR = 0,
	FK_ISA_AVX2,
	FK_ISA_AVX512,
	FK_ISA_COUNT
} FkIsa;

#include "ops_catalog.h"

/* The primitive of each argument shape (FK_SHAPES): FkKernV, FkKernVV ... */
#define FK_KERNEL_TYPEDEF(SHAPE, kinds, argnames, params, ...) \
	typedef void (*FkKern##SHAPE) params;
FK_SHAPES(FK_KERNEL_TYPEDEF)
#undef FK_KERNEL_TYPEDEF

typedef FkKernV FkUnaryFn;
typedef FkKernVV FkBinaryFn;
typedef FkKernVS FkScalarFn;

/*
 * A lagged log difference over one block with a running operation stepped
 * over its result, pipelined: the chain of a few elements runs while the ln
 * of the next few is in flight (see FkFuseLnLag in fuse_run.c).
 * For k < len: logs[k] = ln(x[k]), dst[k] = logs[k] - logs[k - lag] (times
 * a plus b when scale), out[k] = s = step(s, dst[k]) for the running
 * operation op (an FkRunningOp: cumsum, cumprod, cummax, cummin, ema, with
 * alpha and oma), as running_step.h steps it.  logs[-lag .. 0) holds the
 * logs before the block; logs is 64-byte aligned, with room for FK_MAX_W
 * doubles past len and lag rounded up to FK_MAX_W below it.  The caller
 * passes an s that FkRunningClean accepts (running_step.h).  With out NULL,
 * the lagged log alone: logs and dst only.  valid (NULL: all present) is
 * the validity of dst, bit k for element k, for cumsum and cumprod only:
 * an absent element steps s by the neutral element and gives 0.0, as
 * series_running.c's masked step does.
 */
typedef struct FkLnLagRun
{
	double	   *dst;
	const double *x;
	double	   *logs;
	size_t		lag;
	size_t		len;
	int			scale;
	double		a;
	double		b;
	int			op;
	double		s;				/* in: the running value; out: after len */
	double		alpha;
	double		oma;
	double	   *out;
	const uint64_t *valid;
} FkLnLagRun;

/*
 * Run r; returns 1 when no step faulted, else 0 (then s, dst and out are
 * not all written): at the first fault of ema, or when the last running
 * value of the others is not clean.
 */
typedef int (*FkLnLagRunFn) (FkLnLagRun *r);

/*
 * The body of lagged operation op (an FkKernelOp) over two vectors: dst[i]
 * from x[i] and y[i], the value lag elements before it (or their logs, for
 * an ln-first op), and the scalars a, b, for i < n.  dst may alias x.
 */
typedef void (*FkLagCombineFn) (int op, double *dst, const double *x,
								const double *y, double a, double b,
								size_t n);

/*
 * One primitive per operation of the catalogue (ops_catalog.h), by its
 * field name, of the type of its shape: dst[i] = the operation at i.
 * The scalar of VS is on the right (x op a), that of SV on the left (a op
 * x).  Lagged kernels write dst[i] for lag <= i < n only, and dst must not
 * alias x: the row's body over x[i] and x[i - lag] (dlog and
 * dlog_scale_add: over their logs).
 */
typedef struct FkKernelTable
{
	const char *name;			/* "scalar", "avx2", "avx512" */

#define FK_KERNEL_FIELD(OP, field, kern, shape, ...) \
	FkKern##shape field;
	FK_OPERATIONS(FK_KERNEL_FIELD)
#undef FK_KERNEL_FIELD
	FkLagCombineFn lag_combine; /* a lagged op over x[i], x[i - lag] */
	FkLnLagRunFn ln_lag_run;	/* dlog then cumsum ..., pipelined */
} FkKernelTable;

/* The instruction sets a body has copies for: a bit FK_ISA_BIT(isa) each */
#define FK_ISA_BIT(isa)	(1u << (isa))
/* Every instruction set of this target (only x86-64 has the SIMD copies) */
#if defined(__x86_64__)
#define FK_ISA_ALL \
	(FK_ISA_BIT(FK_ISA_SCALAR) | FK_ISA_BIT(FK_ISA_AVX2) | \
	 FK_ISA_BIT(FK_ISA_AVX512))
#else
#define FK_ISA_ALL FK_ISA_BIT(FK_ISA_SCALAR)
#endif

/*
 * The one dispatcher of the code compiled once per instruction set (cdefs.h:
 * the kernel tables, the fault checks, the ALP decoder's loops, GELU, the
 * cross-row aggregates' dense loops): the copy that runs when isa is asked for, of a body whose copies are those of
 * the mask built: isa's own, else the widest built below it; FK_ISA_COUNT
 * when this CPU (as FUSEKERN_CPU_CAP caps it) cannot run isa.  What runs
 * asks for FkIsaInUse().
 */
extern FkIsa FkIsaCopy(unsigned built, FkIsa isa) FK_HIDDEN;

/*
 * Run the copies of isa from now on in this process (fusekern.simd); -1:
 * auto, the best this CPU has
 */
extern void FkIsaUse(int isa) FK_HIDDEN;

/* The instruction set in use: FkIsaUse's, or the best this CPU has */
extern FkIsa FkIsaInUse(void);

/* The best instruction set this CPU (and OS) supports */
extern FkIsa FkDetectIsa(void);

/* Does this CPU support isa? */
extern int	FkIsaSupported(FkIsa isa);

/* Does this CPU (and OS) run FMA instructions? */
extern int	FkCpuHasFma(void);

/* The cap FUSEKERN_CPU_CAP puts on the probes ("avx2" ...); NULL if none */
extern const char *FkCpuCapName(void);

/* The kernel table of isa (FkIsaCopy's); NULL when this CPU lacks isa */
extern const FkKernelTable *FkKernelsFor(FkIsa isa);

#endif							/* FK_KERNELS_H */
