/*
 * dispatch.c
 *		Which kernel table this CPU can run: cpuid for the instructions,
 *		xgetbv for the operating system saving the wider registers.
 *
 * The AVX2 and AVX-512 tables exist only in x86-64 builds; elsewhere the
 * scalar table is the only one and every other isa reports unsupported.
 * FkIsaCopy is the one dispatcher of every table of per-instruction-set
 * copies (the kernels, the checks, the ALP loops, GELU), and FkIsaInUse the
 * instruction set they run: fusekern.simd's (FkIsaUse), else the best.
 *
 * The environment variable FUSEKERN_CPU_CAP (avx2, scalar or nofma) makes
 * the process act as if the CPU had nothing above the level it names, as
 * OpenSSL's OPENSSL_ia32cap does: a server started with it runs, and
 * refuses, exactly what it would on such a CPU (the suite runs under each
 * cap to prove the lesser paths on any machine; docs/kernels.md).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "kern_isa.h"

/* The levels FUSEKERN_CPU_CAP names, lowest first */
typedef enum FkCpuLevel
{
	FK_LEVEL_NOFMA = 0,			/* the x86-64 baseline: no FMA either */
	FK_LEVEL_SCALAR,			/* no AVX2: the portable C path, with FMA */
	FK_LEVEL_AVX2,				/* no AVX-512 */
	FK_LEVEL_ANY				/* no cap */
} FkCpuLevel;

static const char *const fk_level_names[] = {"nofma", "scalar", "avx2"};

/* The level FUSEKERN_CPU_CAP names; FK_LEVEL_ANY when unset or unknown */
static FkCpuLevel
FkCpuCapLevel(void)
{
	static signed char known = -1;

	if (known < 0)
	{
		const char *cap = getenv("FUSEKERN_CPU_CAP");
		int			level = FK_LEVEL_ANY;

		for (int i = 0; cap != NULL && i < FK_LEVEL_ANY; i++)
			if (strcmp(cap, fk_level_names[i]) == 0)
				level = i;
		known = (signed char) level;
	}
	return (FkCpuLevel) known;
}

/* See kernels.h */
const char *
FkCpuCapName(void)
{
	FkCpuLevel	level = FkCpuCapLevel();

	return level == FK_LEVEL_ANY ? NULL : fk_level_names[level];
}

#if defined(__x86_64__)

/* XCR0 bits: SSE and AVX state; AVX-512 opmask, ZMM0-15 upper, ZMM16-31 */
#define FK_XCR0_YMM UINT64_C(0x06)
#define FK_XCR0_ZMM UINT64_C(0xE0)

/* The OS's extended-state mask (XCR0); only valid when OSXSAVE is set */
static uint64_t
FkXgetbv(void)
{
	uint32_t	eax,
				edx;

	__asm__ volatile ("xgetbv":"=a" (eax), "=d" (edx):"c" (0));
	return ((uint64_t) edx << 32) | eax;
}

/* Probe for FMA: AVX, FMA, and the OS saving YMM state (VEX code needs it) */
static int
FkProbeFma(void)
{
	unsigned int eax,
				ebx,
				ecx,
				edx;

	if (FkCpuCapLevel() < FK_LEVEL_SCALAR)
		return 0;
	if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx))
		return 0;
	if (!(ecx & bit_OSXSAVE) || !(ecx & bit_AVX) || !(ecx & bit_FMA))
		return 0;
	return (FkXgetbv() & FK_XCR0_YMM) == FK_XCR0_YMM;
}

/* See kernels.h; probed once per process */
int
FkCpuHasFma(void)
{
	static signed char known = -1;

	if (known < 0)
		known = (signed char) FkProbeFma();
	return known;
}

/* Probe the CPU and OS for isa, without caching */
static int
FkProbeIsaX86(FkIsa isa)
{
	unsigned int eax,
				ebx,
				ecx,
				edx;
	uint64_t	xcr0;

	if (isa == FK_ISA_SCALAR)
		return 1;
	if (isa != FK_ISA_AVX2 && isa != FK_ISA_AVX512)
		return 0;
	if (FkCpuCapLevel() < (isa == FK_ISA_AVX2 ? FK_LEVEL_AVX2 : FK_LEVEL_ANY))
		return 0;

	/* AVX2 path: FMA as above, and AVX2 */
	if (!FkCpuHasFma())
		return 0;
	xcr0 = FkXgetbv();
	if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx))
		return 0;
	if (!(ebx & bit_AVX2))
		return 0;
	if (isa == FK_ISA_AVX2)
		return 1;

	/* AVX-512 path: F and DQ, and the OS saving opmask and ZMM state */
	return (ebx & bit_AVX512F) && (ebx & bit_AVX512DQ) &&
		(xcr0 & FK_XCR0_ZMM) == FK_XCR0_ZMM;
}

#else							/* !__x86_64__ */

/* See kernels.h: AArch64 always has FMA; other targets are taken not to */
int
FkCpuHasFma(void)
{
#if defined(__aarch64__)
	return FkCpuCapLevel() >= FK_LEVEL_SCALAR;
#else
	return 0;
#endif
}
#endif							/* __x86_64__ */

/* Can this process run isa's kernels?  Without caching */
static int
FkProbeIsa(FkIsa isa)
{
	if (isa == FK_ISA_SCALAR)
		return 1;
#if defined(__x86_64__)
	return FkProbeIsaX86(isa);
#else
	return 0;
#endif
}

/* See kernels.h; the probe runs once per process and isa */
int
FkIsaSupported(FkIsa isa)
{
	static signed char known[FK_ISA_COUNT] = {-1, -1, -1};

	if ((int) isa < 0 || isa >= FK_ISA_COUNT)
		return 0;
	if (known[isa] < 0)
		known[isa] = (signed char) FkProbeIsa(isa);
	return known[isa];
}

/* See kernels.h */
FkIsa
FkDetectIsa(void)
{
	if (FkIsaSupported(FK_ISA_AVX512))
		return FK_ISA_AVX512;
	if (FkIsaSupported(FK_ISA_AVX2))
		return FK_ISA_AVX2;
	return FK_ISA_SCALAR;
}

/* The instruction set FkIsaUse named; -1: auto */
static int	fk_isa_used = -1;

/* See kernels.h */
void
FkIsaUse(int isa)
{
	fk_isa_used = isa;
}

/* See kernels.h; an instruction set this CPU lacks is never in use */
FkIsa
FkIsaInUse(void)
{
	if (fk_isa_used >= 0 && FkIsaSupported((FkIsa) fk_isa_used))
		return (FkIsa) fk_isa_used;
	return FkDetectIsa();
}

/* See kernels.h */
FkIsa
FkIsaCopy(unsigned built, FkIsa isa)
{
	if (!FkIsaSupported(isa))
		return FK_ISA_COUNT;
	for (int i = (int) isa; i > FK_ISA_SCALAR; i--)
		if (built & FK_ISA_BIT(i))
			return (FkIsa) i;
	return FK_ISA_SCALAR;
}

/* See kernels.h */
const FkKernelTable *
FkKernelsFor(FkIsa isa)
{
	switch (FkIsaCopy(FK_ISA_ALL, isa))
	{
#if defined(__x86_64__)
		case FK_ISA_AVX512:
			return &FkKernelsAvx512;
		case FK_ISA_AVX2:
			return &FkKernelsAvx2;
#endif
		case FK_ISA_SCALAR:
			/* SLEEF's FMA code gives the bits of the SIMD paths */
			return FkCpuHasFma() ? &FkKernelsScalar : &FkKernelsScalarNoFma;
		default:
			return NULL;
	}
}
