/*
 * series_agg.c
 *		Aggregates across rows: elementwise sum, min and max of one row into
 *		a state, word by word of its validity; states combined; the
 *		serialized forms of the states checked before they are read.
 */
#include <math.h>
#include <string.h>

#include "bitmap.h"
#include "float8_nan.h"
#include "interrupt.h"
#include "series_agg.h"
#include "series_agg_fold.h"

/* The identity of kind's fold: folding it into any accumulator keeps its bits */
static inline double
FkXAggIdentity(FkXAggKind kind)
{
	return kind == FK_XAGG_SUM ? -0.0 : kind == FK_XAGG_MIN ? NAN : -INFINITY;
}

/* Start a state of st->len positions, st->kind set: identities, no rows */
void
FkXAggInit(FkXAgg *st)
{
	double		id = FkXAggIdentity(st->kind);

	for (int32_t i = 0; i < st->len; i++)
	{
		st->acc[i] = id;
		st->nulls[i] = 0;
		FkCheckInterruptsAfter(i);
	}
	st->rows = 0;
	st->has_nulls = false;
}

/*
 * Fold n present elements x into acc (a row's all-valid stretch, or another
 * state's accumulators) with kind's operation, by the loops f of the
 * instruction set in use (series_agg_fold.h); true when a sum overflowed.
 */
static bool
FkFoldDense(const FkXAggFolds *f, FkXAggKind kind, double *acc,
			const double *x, size_t n)
{
	switch (kind)
	{
		case FK_XAGG_SUM:
			return f->sum(acc, x, n);
		case FK_XAGG_MIN:
			f->min(acc, x, n);
			break;
		case FK_XAGG_MAX:
			f->max(acc, x, n);
			break;
	}
	return false;
}

/* FkFoldDense over any n, serving interrupts every FK_INTERRUPT_EVERY elements */
static bool
FkFoldDenseLong(FkXAggKind kind, double *acc, const double *x, size_t n)
{
	const FkXAggFolds *f = FkXAggFoldsInUse();
	bool		bad = false;

	for (size_t s = 0; s < n; s += FK_INTERRUPT_EVERY)
	{
		bad |= FkFoldDense(f, kind, acc + s, x + s,
						   n - s < FK_INTERRUPT_EVERY ? n - s : FK_INTERRUPT_EVERY);
		FkCheckInterrupts();
	}
	return bad;
}

/*
 * Fold a row of n values x, with validity words valid (NULL: all present),
 * into acc with kind's operation: an all-valid word folds its 64 values in
 * a tight loop, an all-NULL word only counts its NULLs, a mixed one folds
 * the identity of the operation in its NULL slots (so it runs the same
 * tight loop).  NULL slots are counted in nulls, when given, valid ones in
 * counts, when given (*full is set when a count was already at its limit);
 * *saw_nulls is set when the row has a NULL.  Returns true when a sum
 * overflowed.
 */
static bool
FkFoldRow(FkXAggKind kind, double *acc, size_t n, const double *x,
		  const uint64_t *valid, int64_t *nulls, double *counts,
		  bool *full, bool *saw_nulls)
{
	const FkXAggFolds *f = FkXAggFoldsInUse();
	bool		bad = false;
	double		id = FkXAggIdentity(kind);
	double		xs[FK_WORD_BITS];

	if (valid == NULL && counts != NULL)
	{
		/* avg's all-valid row: sums and counts in one call per stretch */
		for (size_t s = 0; s < n; s += FK_INTERRUPT_EVERY)
		{
			bad |= f->sum_count(acc + s, counts + s, x + s,
								n - s < FK_INTERRUPT_EVERY ? n - s : FK_INTERRUPT_EVERY,
								full);
			FkCheckInterrupts();
		}
		return bad;
	}
	if (valid == NULL)
		return FkFoldDenseLong(kind, acc, x, n);
	for (size_t w = 0; w < FkBitmapWords(n); w++)
	{
		size_t		base = w * FK_WORD_BITS;
		size_t		m = n - base < FK_WORD_BITS ? n - base : FK_WORD_BITS;
		uint64_t	mask = FkWordMask(w, n);
		uint64_t	word = valid[w] & mask;

		if (w % (FK_INTERRUPT_EVERY / FK_WORD_BITS) == 0)
			FkCheckInterrupts();

		if (word == mask)
		{
			if (counts != NULL)
				bad |= f->sum_count(acc + base, counts + base, x + base, m,
									full);
			else
				bad |= FkFoldDense(f, kind, acc + base, x + base, m);
			continue;
		}
		*saw_nulls = true;
		if (word == 0)
		{
			if (nulls != NULL)
				for (size_t j = 0; j < m; j++)
					nulls[base + j]++;
			continue;
		}
		/* NULL slots folded as the identity: no branch, same bits */
		f->mixed(word, x + base, id, m, xs, nulls != NULL ? nulls + base : NULL,
				 counts != NULL ? counts + base : NULL, full);
		bad |= FkFoldDense(f, kind, acc + base, xs, m);
	}
	return bad;
}

/*
 * Add a row of st->len values x, with validity words valid (NULL: all
 * present).  Returns true when a sum overflowed (the caller raises core's
 * error).
 */
bool
FkXAggAdd(FkXAgg *st, const double *x, const uint64_t *valid)
{
	FkXAggNewRow(st);
	return FkXAggAddPart(st, 0, (size_t) st->len, x, valid);
}

/* Count one more row, whose values FkXAggAddPart then adds part by part */
void
FkXAggNewRow(FkXAgg *st)
{
	st->rows++;
}

/*
 * Add positions [from, from + n) of the row being added: n values x, with
 * validity words valid (bit 0 is position from; NULL: all present).  Each
 * position is folded on its own, so a row added in parts gives the bits of
 * the row added whole.  Returns true when a sum overflowed.
 */
bool
FkXAggAddPart(FkXAgg *st, size_t from, size_t n, const double *x,
			  const uint64_t *valid)
{
	return FkFoldRow(st->kind, st->acc + from, n, x, valid, st->nulls + from,
					 NULL, NULL, &st->has_nulls);
}

/*
 * Fold other (same kind and length) into st, as core's combine functions
 * do: st's accumulator first.  Returns true when a sum overflowed.
 */
bool
FkXAggCombine(FkXAgg *st, const FkXAgg *other)
{
	bool		bad = FkFoldDenseLong(st->kind, st->acc, other->acc,
									  (size_t) st->len);

	if (other->has_nulls)
	{
		for (int32_t i = 0; i < st->len; i++)
			st->nulls[i] += other->nulls[i];
		st->has_nulls = true;
	}
	st->rows += other->rows;
	return bad;
}

/* Has st a position without any valid element? */
static bool
FkXAggHasEmpty(const FkXAgg *st)
{
	if (!st->has_nulls)
		return false;
	for (int32_t i = 0; i < st->len; i++)
		if (st->nulls[i] == st->rows)
			return true;
	return false;
}

/* Bytes of st serialized */
size_t
FkXAggSerialSize(const FkXAgg *st)
{
	size_t		n = (size_t) st->len;

	return FK_XAGG_HDRSZ + sizeof(double) * n +
		(FkXAggHasEmpty(st) ? sizeof(uint64_t) * FkBitmapWords(n) : 0);
}

/*
 * Write st into out (FkXAggSerialSize bytes, any alignment).  Of the NULL
 * counts only what the final and combine functions read goes: whether a
 * position has a valid element at all, one bit (see series_agg.h).
 */
void
FkXAggSerialize(const FkXAgg *st, uint8_t *out)
{
	size_t		n = (size_t) st->len;
	bool		empty = FkXAggHasEmpty(st);
	uint8_t    *words = out + FK_XAGG_HDRSZ + sizeof(double) * n;

	out[0] = (uint8_t) st->kind;
	out[1] = empty ? FK_XAGG_HAS_EMPTY : 0;
	out[2] = out[3] = 0;
	memcpy(out + 4, &st->len, sizeof(int32_t));
	memcpy(out + 8, &st->rows, sizeof(int64_t));
	memcpy(out + FK_XAGG_HDRSZ, st->acc, sizeof(double) * n);
	if (!empty)
		return;
	for (size_t w = 0; w < FkBitmapWords(n); w++)
	{
		uint64_t	word = 0;
		size_t		m = n - w * FK_WORD_BITS;

		if (m > FK_WORD_BITS)
			m = FK_WORD_BITS;
		for (size_t j = 0; j < m; j++)
			word |= (uint64_t) (st->nulls[w * FK_WORD_BITS + j] != st->rows) << j;
		memcpy(words + w * sizeof(uint64_t), &word, sizeof(uint64_t));
	}
}

/*
 * Check size bytes at buf as a serialized state of at most maxlen positions
 * and fill hdr: NULL when it is sound, else what is wrong (a sentence).
 */
const char *
FkXAggParse(const uint8_t *buf, size_t size, int32_t maxlen, FkXAggHeader *hdr)
{
	size_t		n;
	const uint8_t *words;

	if (size < FK_XAGG_HDRSZ)
		return "The state is shorter than its header.";
	if (buf[0] < FK_XAGG_SUM || buf[0] > FK_XAGG_MAX)
		return "The state is of an unknown kind.";
	if ((buf[1] & ~FK_XAGG_HAS_EMPTY) != 0 || buf[2] != 0 || buf[3] != 0)
		return "The state has unknown flags.";
	hdr->kind = (FkXAggKind) buf[0];
	hdr->has_nulls = (buf[1] & FK_XAGG_HAS_EMPTY) != 0;
	memcpy(&hdr->len, buf + 4, sizeof(int32_t));
	memcpy(&hdr->rows, buf + 8, sizeof(int64_t));
	if (hdr->len < 0 || hdr->len > maxlen)
		return "The state's length is out of range.";
	if (hdr->rows <= 0)
		return "The state counts no rows.";
	n = (size_t) hdr->len;
	if (size != FK_XAGG_HDRSZ + sizeof(double) * n +
		(hdr->has_nulls ? sizeof(uint64_t) * FkBitmapWords(n) : 0))
		return "The state's size does not match its length.";
	if (!hdr->has_nulls)
		return NULL;
	words = buf + FK_XAGG_HDRSZ + sizeof(double) * n;
	for (size_t w = 0; w < FkBitmapWords(n); w++)
	{
		uint64_t	word;

		memcpy(&word, words + w * sizeof(uint64_t), sizeof(uint64_t));
		if ((word & ~FkWordMask(w, n)) != 0)
			return "The state has validity bits past its length.";
	}
	return NULL;
}

/*
 * Read a state FkXAggParse accepted into st, whose kind, len and arrays
 * (len elements each) the caller set from the header.  A position without
 * a valid element counts every row as NULL there, one with some counts
 * none: what the final function reads (valid elements or none) and what
 * combining keeps (a position is empty when it is in both states) are
 * those of the state serialized.
 */
void
FkXAggRead(FkXAgg *st, const uint8_t *buf)
{
	size_t		n = (size_t) st->len;
	const uint8_t *words = buf + FK_XAGG_HDRSZ + sizeof(double) * n;

	memcpy(&st->rows, buf + 8, sizeof(int64_t));
	st->has_nulls = (buf[1] & FK_XAGG_HAS_EMPTY) != 0;
	memcpy(st->acc, buf + FK_XAGG_HDRSZ, sizeof(double) * n);
	if (!st->has_nulls)
	{
		memset(st->nulls, 0, sizeof(int64_t) * n);
		return;
	}
	for (size_t w = 0; w < FkBitmapWords(n); w++)
	{
		uint64_t	word;
		size_t		m = n - w * FK_WORD_BITS;

		memcpy(&word, words + w * sizeof(uint64_t), sizeof(uint64_t));
		if (m > FK_WORD_BITS)
			m = FK_WORD_BITS;
		for (size_t j = 0; j < m; j++)
			st->nulls[w * FK_WORD_BITS + j] = ((word >> j) & 1) ? 0 : st->rows;
	}
}

/*
 * Start avg's state of 2n values: the sums at -0 (the identity of the sum),
 * the counts at 0; interrupts are served on the way (n may be large).
 */
void
FkXAvgInit(double *state, size_t n)
{
	for (size_t i = 0; i < n; i++)
	{
		state[i] = -0.0;
		state[n + i] = 0.0;
		FkCheckInterruptsAfter(i);
	}
}

/*
 * Add a row of n values x, with validity words valid (NULL: all present),
 * to avg's state of 2n values: the sums, then the counts of valid elements.
 * A count already at 2^53 cannot count one more.
 */
FkXAvgStatus
FkXAvgAdd(double *state, size_t n, const double *x, const uint64_t *valid)
{
	return FkXAvgAddPart(state, n, 0, n, x, valid);
}

/*
 * Add positions [from, from + m) of a row to avg's state of 2n values: m
 * values x, with validity words valid (bit 0 is position from; NULL: all
 * present).  Every position of the part is added, and a count overflow
 * outranks a sum overflow, so that a row added in parts gives the status
 * of the row added whole when the statuses of its parts are merged so.
 */
FkXAvgStatus
FkXAvgAddPart(double *state, size_t n, size_t from, size_t m,
			  const double *x, const uint64_t *valid)
{
	bool		saw_nulls = false;
	bool		full = false;
	bool		bad;

	bad = FkFoldRow(FK_XAGG_SUM, state + from, m, x, valid, NULL,
					state + n + from, &full, &saw_nulls);
	if (full)
		return FK_XAVG_COUNT_OVERFLOW;
	return bad ? FK_XAVG_SUM_OVERFLOW : FK_XAVG_OK;
}

/*
 * Add positions [from, from + m) of a row without NULLs to the sums of
 * avg's state of 2n values (m values x): its counts are left to the rows
 * slot (FkXAvgCountRow, once the whole row is added).
 */
FkXAvgStatus
FkXAvgAddWhole(double *state, size_t n, size_t from, size_t m,
			   const double *x)
{
	return FkFoldDenseLong(FK_XAGG_SUM, state + from, x, m) ?
		FK_XAVG_SUM_OVERFLOW : FK_XAVG_OK;
}

/*
 * Count one more row without NULLs in the rows slot of avg's state, unless
 * it is at 2^53 already
 */
FkXAvgStatus
FkXAvgCountRow(double *rows)
{
	if (*rows >= FK_XAVG_MAXCOUNT)
		return FK_XAVG_COUNT_OVERFLOW;
	*rows += 1.0;
	return FK_XAVG_OK;
}

/*
 * Fold the rows slot of avg's state of 2n values (checked) into its counts
 * and set it to 0; a count whose total would pass 2^53 leaves the state as
 * it was.
 */
FkXAvgStatus
FkXAvgFoldRows(double *state, size_t n, double *rows)
{
	double		k = *rows;

	if (k == 0.0)
		return FK_XAVG_OK;
	/* both at most 2^53, whole: the difference is exact */
	for (size_t i = n; i < 2 * n; i++)
		if (state[i] > FK_XAVG_MAXCOUNT - k)
			return FK_XAVG_COUNT_OVERFLOW;
	for (size_t i = n; i < 2 * n; i++)
	{
		state[i] += k;
		FkCheckInterruptsAfter(i);
	}
	*rows = 0.0;
	return FK_XAVG_OK;
}

/*
 * Fold avg's state other into state (both of 2n values, checked): state's
 * sums first, as core's combine functions do.  Counts whose total would
 * pass 2^53 leave state as it was.
 */
FkXAvgStatus
FkXAvgCombine(double *state, const double *other, size_t n)
{
	/* both at most 2^53, whole: the difference is exact, the sum may not be */
	for (size_t i = n; i < 2 * n; i++)
		if (state[i] > FK_XAVG_MAXCOUNT - other[i])
			return FK_XAVG_COUNT_OVERFLOW;
	for (size_t i = n; i < 2 * n; i++)
		state[i] += other[i];
	return FkFoldDenseLong(FK_XAGG_SUM, state, other, n) ?
		FK_XAVG_SUM_OVERFLOW : FK_XAVG_OK;
}

/*
 * Check avg's state of 2n values (made by hand, or received as text), with
 * rows the value of its rows slot (0 without one, checked by the caller):
 * each count a whole number from 0 to 2^53, and a position without valid
 * elements (count and rows 0) still at the identity of the sum, -0.  NULL
 * when it is sound, with *empty the number of positions without valid
 * elements; else what is wrong (a sentence).  A count that passes 2^53 with
 * rows is the caller's to refuse, when it folds the rows in.
 */
const char *
FkXAvgCheck(const double *state, size_t n, double rows, size_t *empty)
{
	size_t		nempty = 0;

	for (size_t i = 0; i < n; i++)
	{
		double		c = state[n + i];

		FkCheckInterruptsAfter(i);
		if (!(c >= 0.0 && c <= FK_XAVG_MAXCOUNT && c == floor(c)))
			return "A count is not a whole number from 0 to 2^53.";
		if (c == 0.0 && rows == 0.0)
		{
			if (!(state[i] == 0.0 && signbit(state[i])))
				return "A position without valid elements has a sum other than -0.";
			nempty++;
		}
	}
	*empty = nempty;
	return NULL;
}

/*
 * avg's result from its checked state of 2n values: out[i] the sum over
 * the count (0 where the count is 0), and where valid is given, bit i set
 * where the count is not 0 (valid's words cleared by the caller).
 */
void
FkXAvgFinal(const double *state, size_t n, double *out, uint64_t *valid)
{
	for (size_t i = 0; i < n; i++)
	{
		double		c = state[n + i];

		FkCheckInterruptsAfter(i);
		if (c == 0.0)
		{
			out[i] = 0.0;
			continue;
		}
		/* + 0.0: core's avg sums from +0, so its sum of -0 alone is +0 */
		out[i] = FkCanonNan((state[i] + 0.0) / c);
		if (valid != NULL)
			FkBitmapSet(valid, i);
	}
}

/*
 * Check size bytes at buf as nvec_agg's serialized state of at most maxlen
 * elements, and give its length and NULL count: NULL when it is sound (its
 * validity words agree with nnulls, bits past len clear), else what is
 * wrong.
 */
const char *
FkListAggParse(const uint8_t *buf, size_t size, int32_t maxlen, int32_t *len,
			   int32_t *nnulls)
{
	size_t		n,
				nwords;
	size_t		present = 0;
	const uint8_t *words;

	if (size < FK_LISTAGG_HDRSZ)
		return "The state is shorter than its header.";
	memcpy(len, buf, sizeof(int32_t));
	memcpy(nnulls, buf + 4, sizeof(int32_t));
	if (*len < 0 || *len > maxlen)
		return "The state's length is out of range.";
	if (*nnulls < 0 || *nnulls > *len)
		return "The state's NULL count is out of range.";
	n = (size_t) *len;
	nwords = *nnulls > 0 ? FkBitmapWords(n) : 0;
	if (size != FK_LISTAGG_HDRSZ + sizeof(double) * n + sizeof(uint64_t) * nwords)
		return "The state's size does not match its length.";
	words = buf + FK_LISTAGG_HDRSZ + sizeof(double) * n;
	for (size_t w = 0; w < nwords; w++)
	{
		uint64_t	word;

		memcpy(&word, words + w * sizeof(uint64_t), sizeof(uint64_t));
		if ((word & ~FkWordMask(w, n)) != 0)
			return "The state has validity bits past its length.";
		present += (size_t) __builtin_popcountll(word);
	}
	if (nwords > 0 && present != n - (size_t) *nnulls)
		return "The state's validity bits do not match its NULL count.";
	return NULL;
}

/*
 * The number of counts[0..n) below need: the positions of a float8[]
 * state (variance's, skew's) whose result is NULL
 */
size_t
FkXCountBelow(const double *counts, size_t n, double need)
{
	size_t		below = 0;

	for (size_t i = 0; i < n; i++)
		below += counts[i] < need;
	return below;
}
