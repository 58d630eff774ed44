/*
 * series_running.c
 *		Running operations, ema, fill_forward, fill_null and shift as
 *		streaming steps (see series_running.h).
 *
 * A step walks its block by validity: a stretch of whole present words runs
 * one tight loop per operation (no bit tests), a word without a present
 * element only carries the state, a mixed word is cut into its runs of
 * present and absent elements; but a started cumsum or cumprod takes the
 * rest of a block with NULLs in one masked loop (FkRunningMasked), an
 * absent element stepping it by the operation's neutral element.  An input
 * without a bitmap is one present run.  Each operation's recurrence is
 * serial, so the loops are plain C in index order: the same bits on every
 * instruction set and at any cut into blocks, since a run's first element
 * is treated the same wherever the run was cut.
 */
#include "series_running.h"

#include <string.h>

#include "bitmap.h"
#include "running_step.h"

/* Mask of the low len bits, 1 <= len <= 64 */
static inline uint64_t
FkLowBits(size_t len)
{
	return len >= FK_WORD_BITS ? FK_ALL_VALID : ((UINT64_C(1) << len) - 1);
}

/* Record fault f at element i of the run that starts at st->pos */
static inline bool
FkRunningFault(FkRunningState *st, FkFault f, size_t i)
{
	st->fault = f;
	st->fault_index = st->pos + i;
	return false;
}

/* See series_running.h */
void
FkRunningInit(FkRunningState *st, FkRunningOp op, double param)
{
	memset(st, 0, sizeof(*st));
	st->op = op;
	st->fault = FK_FAULT_NONE;
	if (op == FK_RUN_EMA)
	{
		st->alpha = param;
		st->oma = 1.0 - param;
	}
	else if (op == FK_RUN_FILL_NULL)
		st->fill = param;
}

/*
 * The run loop: elements [from, n) of a run of present elements, the state
 * already started (by an earlier element, or by x[0] when from is 1), each
 * one stepped by FkRunningNext and checked by FkRunningNextFault
 * (running_step.h).  Called with a constant
 * op, so that each operation gets its own loop without a test of op inside.
 * Returns false at the first fault.
 */
static FK_ALWAYS_INLINE bool
FkRunningLoop(FkRunningState *st, FkRunningOp op, const double *x,
			  size_t from, size_t n, double *out)
{
	const double alpha = st->alpha;
	const double oma = st->oma;
	double		s = st->s;

	for (size_t i = from; i < n; i++)
	{
		double		r = FkRunningNext(op, s, x[i], alpha, oma);
		FkFault		f = FkRunningNextFault(op, s, x[i], r, alpha, oma);

		if (FK_UNLIKELY(f != FK_FAULT_NONE))
		{
			st->s = s;
			return FkRunningFault(st, f, i);
		}
		out[i] = FkRunningOut(op, r);
		s = r;
	}
	st->s = s;
	return true;
}

/*
 * Is the running value s strictly beyond v in float8 order (NaN above every
 * number): so that cummax (is_max) or cummin keeps s at v?  Without
 * branches, so that a round of them tests at once.
 */
static FK_ALWAYS_INLINE bool
FkRunningKeeps(bool is_max, double s, double v)
{
	if (is_max)
		return ((s != s) & (v == v)) | (s > v);
	return ((s == s) & (v != v)) | (s < v);
}

/*
 * FkRunningLoop for cummax (is_max) or cummin, a round of eight elements at
 * a time: when the running value is a number strictly beyond all eight, it
 * is the output of all eight as it stands (what the serial steps give:
 * FkFloat8Gt(s, v) ? s : v for each), else the round steps one by one.
 * Never faults.
 */
static FK_ALWAYS_INLINE bool
FkRunningExtremeLoop(FkRunningState *st, bool is_max, const double *x,
					 size_t from, size_t n, double *out)
{
	double		s = st->s;
	size_t		i = from;

	for (; i + 8 <= n; i += 8)
	{
		int			below = 0;

		/* s a number: it keeps at v when v < s (v > s for cummin) */
		for (unsigned j = 0; j < 8; j++)
			below += is_max ? x[i + j] < s : x[i + j] > s;
		if (below == 8 && s == s)
		{
			for (unsigned j = 0; j < 8; j++)
				out[i + j] = s;
			continue;
		}
		for (unsigned j = 0; j < 8; j++)
		{
			s = FkRunningKeeps(is_max, s, x[i + j]) ? s : x[i + j];
			out[i + j] = s;
		}
	}
	for (; i < n; i++)
	{
		s = FkRunningKeeps(is_max, s, x[i]) ? s : x[i];
		out[i] = s;
	}
	st->s = s;
	return true;
}

/*
 * n >= 1 present elements, the first at st->pos: the first present element
 * of the series starts the state as itself, every later one steps it.
 * Returns false at a fault.
 */
static bool
FkRunningPresent(FkRunningState *st, const double *x, size_t n, double *out)
{
	size_t		from = 0;

	if (st->op == FK_RUN_FILL_FORWARD || st->op == FK_RUN_FILL_NULL)
	{
		memcpy(out, x, n * sizeof(double));
		st->s = x[n - 1];
		st->have = true;
		return true;
	}
	if (!st->have)
	{
		st->s = x[0];
		out[0] = FkRunningOut(st->op, x[0]);
		st->have = true;
		from = 1;
	}
	switch (st->op)
	{
		case FK_RUN_CUMSUM:
			return FkRunningLoop(st, FK_RUN_CUMSUM, x, from, n, out);
		case FK_RUN_CUMPROD:
			return FkRunningLoop(st, FK_RUN_CUMPROD, x, from, n, out);
		case FK_RUN_CUMMAX:
			return FkRunningExtremeLoop(st, true, x, from, n, out);
		case FK_RUN_CUMMIN:
			return FkRunningExtremeLoop(st, false, x, from, n, out);
		case FK_RUN_EMA:
			return FkRunningLoop(st, FK_RUN_EMA, x, from, n, out);
		default:
			return true;
	}
}

/*
 * n absent elements: the state is carried; the output is 0.0 (NULL), the
 * last present value (fill_forward, once there is one) or the fill value
 */
static void
FkRunningAbsent(FkRunningState *st, size_t n, double *out)
{
	double		v = 0.0;

	if (st->op == FK_RUN_FILL_FORWARD && st->have)
		v = st->s;
	else if (st->op == FK_RUN_FILL_NULL)
		v = st->fill;
	for (size_t i = 0; i < n; i++)
		out[i] = v;
}

/*
 * Output validity of a chunk of one word whose input validity is bits (the
 * chunk's low bits, mask marking the chunk); had: a present element came
 * before the chunk
 */
static inline uint64_t
FkRunningOutBits(FkRunningOp op, uint64_t bits, uint64_t mask, bool had)
{
	if (op == FK_RUN_FILL_NULL || (op == FK_RUN_FILL_FORWARD && had))
		return mask;
	if (op == FK_RUN_FILL_FORWARD && bits != 0)
		return mask & ~((UINT64_C(1) << __builtin_ctzll(bits)) - 1);
	return bits;
}

/* Set bits [b, b + len) of bm, len <= 64 within one word, to bits' low ones */
static inline void
FkPutBits(uint64_t *bm, size_t b, size_t len, uint64_t bits)
{
	size_t		w = b / FK_WORD_BITS;
	unsigned	off = b % FK_WORD_BITS;
	uint64_t	mask = FkLowBits(len) << off;

	bm[w] = (bm[w] & ~mask) | ((bits << off) & mask);
}

/* Set bits [b, b + n) of bm */
static void
FkSetRange(uint64_t *bm, size_t b, size_t n)
{
	while (n > 0)
	{
		size_t		len = FK_WORD_BITS - b % FK_WORD_BITS;

		if (len > n)
			len = n;
		FkPutBits(bm, b, len, FK_ALL_VALID);
		b += len;
		n -= len;
	}
}

/*
 * A chunk of len elements inside one word with present and absent ones
 * (bits: its validity in the low len bits): its runs of each, in order.
 */
static bool
FkRunningMixed(FkRunningState *st, const double *x, uint64_t bits,
			   size_t len, double *out)
{
	size_t		base = st->pos;
	size_t		i = 0;

	while (i < len)
	{
		uint64_t	rest = bits >> i;
		size_t		run;

		if (rest & 1)
		{
			run = (size_t) __builtin_ctzll(~rest);
			if (run > len - i)
				run = len - i;
			st->pos = base + i;
			if (!FkRunningPresent(st, x + i, run, out + i))
				return false;
		}
		else
		{
			run = rest ? (size_t) __builtin_ctzll(rest) : len - i;
			if (run > len - i)
				run = len - i;
			FkRunningAbsent(st, run, out + i);
		}
		i += run;
	}
	st->pos = base;
	return true;
}

/*
 * The masked step of cumsum or cumprod over one chunk of len <= 64
 * elements (bits: their validity, low bit first), from running value s:
 * an absent element steps s by the operation's neutral element (neutral:
 * its bits), which leaves every running value as it is (s + -0 is s for
 * every s, -0 included; s * 1 is s) and gives 0.0.  Selects by mask, no
 * branch on validity.  With check, stops at the first fault (returning its
 * index in the chunk, *s the value before it); otherwise the caller tests
 * that the last value is clean (FkRunningClean), and then the values need
 * no canonical NaN: a NaN running value stays NaN, so a clean last value
 * means none was NaN.  Returns len when no fault was found.
 */
static FK_ALWAYS_INLINE size_t
FkRunningMaskedChunk(FkRunningOp op, uint64_t neutral, const double *x,
					 uint64_t bits, size_t len, double *out, double *s,
					 FkFault *fault, bool check)
{
	double		t = *s;

	for (size_t j = 0; j < len; j++)
	{
		uint64_t	m = -((bits >> j) & 1);
		double		v = FkRunningMaskIn(x[j], neutral, m);
		double		r = FkRunningNext(op, t, v, 0.0, 0.0);

		if (check &&
			(*fault = FkRunningNextFault(op, t, v, r, 0.0, 0.0)) != FK_FAULT_NONE)
		{
			*s = t;
			return j;
		}
		/* unchecked, the chunk is kept only with a clean (so never NaN) end */
		out[j] = check ? FkRunningMaskOut(op, r, m) : FkRunningMaskBits(r, m);
		t = r;
	}
	*s = t;
	return len;
}

/*
 * cumsum or cumprod over elements [i, n) of a block with NULLs (bits from
 * bit vbit of valid), the state started, one chunk of a word at a time with
 * FkRunningMaskedChunk: without fault checks from a clean running value
 * (running_step.h: a clean value after the chunk means none was missed),
 * and again with them when the value after it is not clean.  The output's
 * validity is the input's.  One loop without a branch on validity, where
 * stepping runs of present elements would stop at nearly every word of a
 * series with scattered NULLs.  Returns false at a fault, as FkRunningLoop.
 */
static FK_ALWAYS_INLINE bool
FkRunningMasked(FkRunningState *st, FkRunningOp op, const double *x,
				const uint64_t *valid, size_t vbit, size_t i, size_t n,
				double *out)
{
	const uint64_t nbits = FkRunningNeutralBits(op);
	double		s = st->s;

	while (i < n)
	{
		size_t		b = vbit + i;
		size_t		len = FK_WORD_BITS - b % FK_WORD_BITS;
		uint64_t	bits;
		FkFault		f = FK_FAULT_NONE;
		size_t		done;
		double		t = s;

		if (len > n - i)
			len = n - i;
		bits = valid[b / FK_WORD_BITS] >> (b % FK_WORD_BITS);
		if (FkRunningClean(op, s))
		{
			FkRunningMaskedChunk(op, nbits, x + i, bits, len, out + i, &t,
								 &f, false);
			if (FkRunningClean(op, t))
			{
				s = t;
				i += len;
				continue;
			}
			t = s;
		}
		done = FkRunningMaskedChunk(op, nbits, x + i, bits, len, out + i, &t,
									&f, true);
		s = t;
		if (done < len)
		{
			st->s = s;
			return FkRunningFault(st, f, i + done);
		}
		i += len;
	}
	st->s = s;
	return true;
}

/* Copy bits [b, b + n) of valid into outvalid */
static void
FkCopyBits(uint64_t *outvalid, const uint64_t *valid, size_t b, size_t n)
{
	while (n > 0)
	{
		size_t		len = FK_WORD_BITS - b % FK_WORD_BITS;
		size_t		w = b / FK_WORD_BITS;
		uint64_t	mask;

		if (len > n)
			len = n;
		mask = FkLowBits(len) << (b % FK_WORD_BITS);
		outvalid[w] = (outvalid[w] & ~mask) | (valid[w] & mask);
		b += len;
		n -= len;
	}
}

/* See series_running.h */
bool
FkRunningStep(FkRunningState *st, const double *x, const uint64_t *valid,
			  size_t vbit, size_t n, double *out, uint64_t *outvalid)
{
	size_t		start = st->pos;
	size_t		i = 0;

	/* no NULL: one present stretch */
	if (valid == NULL && n > 0)
	{
		if (!FkRunningPresent(st, x, n, out))
			return false;
		if (outvalid)
			FkSetRange(outvalid, vbit, n);
		st->pos = start + n;
		return true;
	}
	while (i < n)
	{
		size_t		b = vbit + i;
		size_t		len = FK_WORD_BITS - b % FK_WORD_BITS;
		uint64_t	mask;
		uint64_t	bits;

		if (len > n - i)
			len = n - i;
		mask = FkLowBits(len);
		bits = valid ? (valid[b / FK_WORD_BITS] >> (b % FK_WORD_BITS)) & mask : mask;
		st->pos = start + i;
		if (st->have && bits != mask &&
			(st->op == FK_RUN_CUMSUM || st->op == FK_RUN_CUMPROD))
		{
			/* a started sum or product: the rest in one masked loop */
			bool		ok = st->op == FK_RUN_CUMSUM ?
				FkRunningMasked(st, FK_RUN_CUMSUM, x, valid, vbit, i, n, out) :
				FkRunningMasked(st, FK_RUN_CUMPROD, x, valid, vbit, i, n, out);

			if (!ok)
			{
				st->fault_index = start + (st->fault_index - st->pos);
				return false;
			}
			if (outvalid)
				FkCopyBits(outvalid, valid, b, n - i);
			break;
		}
		if (bits == mask)
		{
			/* a present stretch: take in the whole present words after it */
			size_t		run = len;

			while (run < n - i)
			{
				size_t		more = n - i - run;
				uint64_t	m2;

				if (more > FK_WORD_BITS)
					more = FK_WORD_BITS;
				m2 = FkLowBits(more);
				if (valid && (valid[(b + run) / FK_WORD_BITS] & m2) != m2)
					break;
				run += more;
			}
			if (!FkRunningPresent(st, x + i, run, out + i))
				return false;
			if (outvalid)
				FkSetRange(outvalid, b, run);
			i += run;
		}
		else
		{
			bool		had = st->have;

			if (bits == 0)
				FkRunningAbsent(st, len, out + i);
			else if (!FkRunningMixed(st, x + i, bits, len, out + i))
				return false;
			if (outvalid)
				FkPutBits(outvalid, b, len,
						  FkRunningOutBits(st->op, bits, mask, had));
			i += len;
		}
	}
	st->pos = start + n;
	return true;
}

/* See series_running.h */
void
FkShiftInit(FkShiftState *st, size_t lag, double *ring, uint64_t *ringvalid)
{
	st->lag = lag;
	st->pos = 0;
	st->ring = ring;
	st->ringvalid = ringvalid;
	memset(ring, 0, lag * sizeof(double));
	memset(ringvalid, 0, FkBitmapWords(lag) * sizeof(uint64_t));
}

/*
 * See series_running.h.  The ring holds inputs pos - lag .. pos - 1 (NULL
 * before the series starts): each element swaps its input for the one lag
 * places back.
 */
void
FkShiftStep(FkShiftState *st, const double *x, const uint64_t *valid,
			size_t vbit, size_t n, double *out, uint64_t *outvalid)
{
	size_t		slot = st->pos % st->lag;

	for (size_t i = 0; i < n; i++)
	{
		bool		in = valid == NULL || FkBitmapGet(valid, vbit + i);
		bool		old = FkBitmapGet(st->ringvalid, slot);

		out[i] = old ? st->ring[slot] : 0.0;
		if (old)
			FkBitmapSet(outvalid, vbit + i);
		else
			FkBitmapClear(outvalid, vbit + i);
		st->ring[slot] = in ? x[i] : 0.0;
		if (in)
			FkBitmapSet(st->ringvalid, slot);
		else
			FkBitmapClear(st->ringvalid, slot);
		if (++slot == st->lag)
			slot = 0;
	}
	st->pos += n;
}

/* See series_running.h */
size_t
FkShiftRange(size_t n, int64_t k, size_t *lo, size_t *hi)
{
	size_t		m = k < 0 ? (size_t) -(k + 1) + 1 : (size_t) k;	/* |k| */

	*lo = 0;
	*hi = n;
	if (m >= n)
		*hi = 0;
	else if (k > 0)
		*hi = n - m;
	else
		*lo = m;
	return m;
}

/* See series_running.h */
void
FkShiftFill(size_t n, int64_t k, double *out)
{
	size_t		lo,
				hi;
	size_t		m = FkShiftRange(n, k, &lo, &hi);

	if (hi <= lo)
		memset(out, 0, n * sizeof(double));
	else if (k > 0)
		memset(out, 0, m * sizeof(double));
	else if (k < 0)
		memset(out + (n - m), 0, m * sizeof(double));
}

/* See series_running.h */
void
FkShiftBlock(const double *x, const uint64_t *valid, size_t a, size_t nb,
			 size_t n, int64_t k, double *out, uint64_t *outvalid)
{
	size_t		lo,
				hi;
	size_t		m = FkShiftRange(n, k, &lo, &hi);
	size_t		from = a > lo ? a : lo;
	size_t		to = a + nb < hi ? a + nb : hi;
	size_t		dst;

	if (from >= to)
		return;
	dst = k >= 0 ? from + m : from - m;
	memcpy(out + dst, x + (from - a), (to - from) * sizeof(double));
	if (outvalid != NULL)
		FkBitmapCopyBits(outvalid, dst, valid, from - a, to - from);
}
