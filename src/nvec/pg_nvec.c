/*
 * pg_nvec.c
 *		The nvec type: allocation and text input/output.
 */
#include "postgres.h"

#include <ctype.h>

#include "lib/stringinfo.h"
#include "miscadmin.h"
#include "parser/scansup.h"
#include "port/pg_bitutils.h"
#include "utils/float.h"

#include "common/pg_compat.h"
#include "nvec/pg_nvec.h"

PG_FUNCTION_INFO_V1(nvec_in);
PG_FUNCTION_INFO_V1(nvec_out);

/* Error out when len elements cannot be held in one nvec */
void
FkCheckNVecLength(int64 len)
{
	if (len < 0 || len > NVEC_MAX_LEN)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("nvec cannot have more than %d elements", NVEC_MAX_LEN)));
}

/*
 * Allocate an nvec of len elements in the current memory context, with room
 * for a bitmap when hasnulls.  The header and bitmap are zeroed, the values
 * are not (the caller writes all of them; FkNVecFinish zeroes NULL slots).
 */
NVec *
FkNVecAllocRaw(int32 len, bool hasnulls)
{
	Size		size;
	NVec	   *v;

	FkCheckNVecLength(len);
	size = NVEC_SIZE(len, hasnulls && len > 0);
	v = (NVec *) palloc(size);
	memset(v, 0, NVEC_HDRSZ);
	SET_VARSIZE(v, size);
	v->len = len;
	if (hasnulls && len > 0)
		memset(NVEC_BITMAP_SLOT(v), 0, NVEC_NWORDS(len) * sizeof(uint64));
	return v;
}

/*
 * A new nvec holding copies of len values and, when valid is not NULL, their
 * validity words; NULL slots are zeroed and an all-set bitmap dropped.
 */
NVec *
FkNVecBuild(int32 len, const double *values, const uint64 *valid)
{
	NVec	   *v = FkNVecAllocRaw(len, valid != NULL);

	memcpy(NVEC_VALUES(v), values, sizeof(double) * (Size) len);
	if (valid != NULL && len > 0)
		memcpy(NVEC_BITMAP_SLOT(v), valid, NVEC_NWORDS(len) * sizeof(uint64));
	FkNVecFinish(v);
	return v;
}

/*
 * Complete a vector whose bitmap slot (if it was allocated with one) has been
 * filled in: clear the bits past len, count the NULLs, zero their value
 * slots, and drop the bitmap when nothing is NULL.
 */
void
FkNVecFinish(NVec *v)
{
	uint64	   *bm = NVEC_BITMAP_SLOT(v);
	Size		nwords = NVEC_NWORDS(v->len);
	int32		present;

	if (v->len == 0 || VARSIZE(v) != NVEC_SIZE(v->len, true))
	{
		v->nnulls = 0;
		return;
	}
	bm[nwords - 1] &= FkWordMask(nwords - 1, (size_t) v->len);
	present = (int32) FkBitmapCount(bm, (size_t) v->len);
	v->nnulls = v->len - present;
	if (v->nnulls == 0)
	{
		SET_VARSIZE(v, NVEC_SIZE(v->len, false));
		return;
	}
	for (Size w = 0; w < nwords; w++)
	{
		uint64		missing = ~bm[w] & FkWordMask(w, (size_t) v->len);

		while (missing)
		{
			int			bit = pg_rightmost_one_pos64(missing);

			v->values[w * FK_WORD_BITS + bit] = 0.0;
			missing &= missing - 1;
		}
	}
}

/* Report a malformed nvec literal (SQLSTATE 22P02) */
static void
FkNVecSyntaxError(const char *str, const char *detail)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("malformed nvec literal: \"%s\"", str),
			 errdetail("%s", detail)));
}

/*
 * Report an unexpected character c in literal str; a byte of a multibyte
 * character is not quoted alone, which would put invalid text in the message.
 */
static void
FkNVecUnexpected(const char *str, char c)
{
	if (c == '\0')
		FkNVecSyntaxError(str, "Unexpected end of input.");
	if (IS_HIGHBIT_SET(c))
		FkNVecSyntaxError(str, "Unexpected non-ASCII character.");
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("malformed nvec literal: \"%s\"", str),
			 errdetail("Unexpected \"%c\" character.", c)));
}

/* Skip white space the way array_in does */
static const char *
FkSkipSpace(const char *p)
{
	while (*p && scanner_isspace(*p))
		p++;
	return p;
}

/*
 * Read one element of literal str starting at p (past leading space) into
 * elem, as array_in does: double quotes and backslashes quote characters,
 * unquoted trailing space is dropped.  Sets *isnull for an unquoted NULL.
 * Returns the position of the delimiter (',' or '}') that ends it.
 */
static const char *
FkReadElement(const char *str, const char *p, char *elem, bool *isnull)
{
	char	   *out = elem;
	char	   *keep = elem;	/* end of the element without trailing space */
	bool		quoted = false;

	if (*p == '"')
	{
		quoted = true;
		for (p++; *p != '"'; p++)
		{
			if (*p == '\\')
				p++;
			if (*p == '\0')
				FkNVecUnexpected(str, '\0');
			*out++ = *p;
		}
		keep = out;
		p = FkSkipSpace(p + 1);
	}
	else
	{
		for (; *p != ',' && *p != '}'; p++)
		{
			if (*p == '\0' || *p == '"' || *p == '{')
				FkNVecUnexpected(str, *p);
			if (*p == '\\')
			{
				if (*++p == '\0')
					FkNVecUnexpected(str, '\0');
				quoted = true;	/* an escaped NULL is not NULL */
				*out++ = *p;
				keep = out;
				continue;
			}
			*out++ = *p;
			if (!scanner_isspace(*p))
				keep = out;
		}
		if (keep == elem && !quoted)
			FkNVecUnexpected(str, *p);
	}
	*keep = '\0';
	if (*p != ',' && *p != '}')
		FkNVecUnexpected(str, *p);
	*isnull = !quoted && pg_strcasecmp(elem, "NULL") == 0;
	return p;
}

/*
 * Text input: '{1.5, NULL, -3, NaN, Infinity}', the shape of a
 * one-dimensional float8[] literal (quotes and backslashes as array_in
 * reads them).  An element that is not a float8 gets float8's own error,
 * naming that element.
 */
Datum
nvec_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	const char *p = FkSkipSpace(str);
	char	   *elem;
	int64		maxlen = 1;
	int32		n = 0;
	NVec	   *v;
	uint64	   *bm;

	if (*p == '[')
		FkNVecSyntaxError(str, "Dimension decorations are not supported: an nvec always starts at 1.");
	if (*p != '{')
		FkNVecSyntaxError(str, "Vector value must start with \"{\".");
	if (*FkSkipSpace(p + 1) == '{')
		FkNVecSyntaxError(str, "An nvec has one dimension: nested braces are not allowed.");
	for (const char *q = p; *q; q++)
		maxlen += (*q == ',');
	FkCheckNVecLength(maxlen);
	v = FkNVecAllocRaw((int32) maxlen, true);
	bm = NVEC_BITMAP_SLOT(v);
	elem = palloc(strlen(p) + 1);

	p = FkSkipSpace(p + 1);
	if (*p == '}')
		p++;
	else
	{
		for (;;)
		{
			bool		isnull;

			if ((n & 0xFFFF) == 0)
				CHECK_FOR_INTERRUPTS();
			p = FkReadElement(str, FkSkipSpace(p), elem, &isnull);
			if (isnull)
				v->values[n] = 0.0;
			else
			{
				v->values[n] = FkFloat8In(elem, "double precision", elem);
				FkBitmapSet(bm, (size_t) n);
			}
			n++;
			if (*p++ == '}')
				break;
		}
	}
	p = FkSkipSpace(p);
	if (*p != '\0')
		FkNVecSyntaxError(str, "Junk after closing right brace.");
	pfree(elem);

	if (n != maxlen)
	{
		/* commas inside quotes or after escapes: shrink to n elements */
		NVec	   *exact = FkNVecBuild(n, NVEC_VALUES(v), bm);

		pfree(v);
		v = exact;
	}
	else
		FkNVecFinish(v);
	/* COPY into an nvec(compressed) column passes its modifier */
	PG_RETURN_NVEC_P(FkNVecApplyTypmod(v, FK_NVEC_TYPMOD_ARG(2)));
}

/* Text output with float8's rules (shortest exact, extra_float_digits) */
Datum
nvec_out(PG_FUNCTION_ARGS)
{
	NVec	   *v = PG_GETARG_NVEC_P(0);
	const uint64 *bm = NVEC_BITMAP(v);
	StringInfoData buf;

	initStringInfo(&buf);
	appendStringInfoChar(&buf, '{');
	for (int32 i = 0; i < v->len; i++)
	{
		if ((i & 0xFFFF) == 0xFFFF)
			CHECK_FOR_INTERRUPTS();
		if (i > 0)
			appendStringInfoChar(&buf, ',');
		if (bm && !FkBitmapGet(bm, (size_t) i))
			appendStringInfoString(&buf, "NULL");
		else
		{
			char	   *s = float8out_internal(v->values[i]);

			appendStringInfoString(&buf, s);
			pfree(s);
		}
	}
	appendStringInfoChar(&buf, '}');
	PG_RETURN_CSTRING(buf.data);
}
