/*
 * pg_nvec.c
 *		The nvec type: allocation and text input/output.
 */
#include "postgres.h"

#include <ctype.h>

#include "lib/stringinfo.h"
#include "nvec.h"
#include "parser/scansup.h"
#include "utils/float.h"

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
 * Allocate a zeroed nvec of len elements in the current memory context, with
 * room for a bitmap when hasnulls.  nnulls starts at 0; FkNVecFinish sets it.
 */
NVec *
FkNVecAlloc(int32 len, bool hasnulls)
{
	NVec	   *v = FkNVecAllocRaw(len, hasnulls);

	memset(NVEC_VALUES(v), 0, sizeof(double) * (Size) len);
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
			int			bit = __builtin_ctzll(missing);

			v->values[w * FK_WORD_BITS + bit] = 0.0;
			missing &= missing - 1;
		}
	}
}

/* Report a malformed nvec literal */
static void
FkNVecSyntaxError(const char *str, const char *detail)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("malformed nvec literal: \"%s\"", str),
			 errdetail("%s", detail)));
}

/* Skip white space the way array_in does */
static char *
FkSkipSpace(char *p)
{
	while (*p && scanner_isspace(*p))
		p++;
	return p;
}

/*
 * Is p at an unquoted NULL token (case-insensitive), followed by a
 * delimiter?
 */
static bool
FkIsNullToken(const char *p)
{
	return pg_strncasecmp(p, "NULL", 4) == 0 &&
		(p[4] == ',' || p[4] == '}' || scanner_isspace(p[4]));
}

/*
 * Text input: '{1.5, NULL, -3, NaN, Infinity}', the shape of a
 * one-dimensional float8[] literal.  Elements may be double-quoted.
 */
Datum
nvec_in(PG_FUNCTION_ARGS)
{
	char	   *str = PG_GETARG_CSTRING(0);
	char	   *work = pstrdup(str);
	char	   *p = FkSkipSpace(work);
	int64		maxlen = 1;
	int32		n = 0;
	NVec	   *v;
	uint64	   *bm;

	if (*p != '{')
		FkNVecSyntaxError(str, "Vector value must start with \"{\".");
	for (char *q = p; *q; q++)
		if (*q == ',')
			maxlen++;
	FkCheckNVecLength(maxlen);
	v = FkNVecAlloc((int32) maxlen, true);
	bm = NVEC_BITMAP_SLOT(v);

	p = FkSkipSpace(p + 1);
	if (*p == '}')
		p++;
	else
	{
		for (;;)
		{
			p = FkSkipSpace(p);
			if (FkIsNullToken(p))
				p += 4;
			else
			{
				char	   *start = p;
				char	   *end;
				bool		quoted = (*p == '"');

				if (quoted)
				{
					start = ++p;
					while (*p && *p != '"')
						p++;
					if (*p != '"')
						FkNVecSyntaxError(str, "Unexpected end of input.");
					*p++ = '\0';
				}
				else
				{
					while (*p && *p != ',' && *p != '}' && !scanner_isspace(*p))
						p++;
					if (p == start)
						FkNVecSyntaxError(str, "Unexpected \",\" or \"}\" character.");
				}
				end = p;
				if (!quoted)
				{
					char		save = *end;

					*end = '\0';
					v->values[n] = float8in_internal(start, NULL, "double precision", str);
					*end = save;
				}
				else
					v->values[n] = float8in_internal(start, NULL, "double precision", str);
				FkBitmapSet(bm, (size_t) n);
			}
			n++;
			p = FkSkipSpace(p);
			if (*p == ',')
			{
				p++;
				continue;
			}
			if (*p == '}')
			{
				p++;
				break;
			}
			FkNVecSyntaxError(str, *p ? "Unexpected character after an element."
							  : "Unexpected end of input.");
		}
	}
	p = FkSkipSpace(p);
	if (*p != '\0')
		FkNVecSyntaxError(str, "Junk after closing right brace.");
	if (n != maxlen)
	{
		if (!(n == 0 && maxlen == 1))
			FkNVecSyntaxError(str, "Unexpected \",\" character.");
		v = FkNVecAlloc(0, false);
	}
	FkNVecFinish(v);
	pfree(work);
	PG_RETURN_NVEC_P(v);
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
