/*
 * vecview.c
 *		Views of float8[] and nvec arguments, and results built in place.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "port/pg_bitutils.h"
#include "storage/shmem.h"
#include "utils/array.h"
#include "utils/expandeddatum.h"
#include "utils/lsyscache.h"

#include "common/fusekern.h"
#include "core/alp.h"
#include "vector/vecview.h"

StaticAssertDecl(FK_FUSE_BLOCK == FK_ALP_BLOCK,
				 "the fused evaluator's blocks are the compressed form's");
StaticAssertDecl(FK_READ_BLOCK == FK_ALP_BLOCK,
				 "the reader's blocks are the compressed form's");

/* Header size of a one-dimensional array with and without a NULL bitmap */
#define FK_ARR_HDR_NONULLS		ARR_OVERHEAD_NONULLS(1)
#define FK_ARR_HDR_NULLS(len)	ARR_OVERHEAD_WITHNULLS(1, (len))

static void FkCheckNDim(int ndim);
static void FkCheckFloat8(Oid elemtype);

/*
 * Reject arrays of more than one dimension, as core does for functions that
 * only make sense on a list (width_bucket, intarray): SQLSTATE 2202E.
 */
void
FkCheckOneDim(ArrayType *arr)
{
	FkCheckNDim(ARR_NDIM(arr));
}

/* The same check from a number of dimensions (of a flat or expanded array) */
static void
FkCheckNDim(int ndim)
{
	if (ndim > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("array must be one-dimensional"),
				 errdetail("The array has %d dimensions.", ndim)));
}

/*
 * Reject a float8[] of more than one dimension given as argument which
 * ("first argument") of fn(), naming both, as the domain errors do
 */
static void
FkCheckNDimOf(int ndim, const char *fn, const char *which)
{
	if (ndim > 1)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("array must be one-dimensional"),
				 errdetail("The %s of %s() has %d dimensions.", which, fn, ndim),
				 errhint("Vector functions take one-dimensional arrays; unnest a matrix into rows first.")));
}

/* Check that argument which of fn() is a float8[] of at most one dimension */
void
FkCheckVectorArray(ArrayType *arr, const char *fn, const char *which)
{
	FkCheckFloat8(ARR_ELEMTYPE(arr));
	FkCheckNDimOf(ARR_NDIM(arr), fn, which);
}

/* Reject an array whose elements are not float8 */
static void
FkCheckFloat8(Oid elemtype)
{
	if (elemtype != FLOAT8OID)
		ereport(ERROR,
				(errcode(ERRCODE_DATATYPE_MISMATCH),
				 errmsg("array must be of type double precision[]")));
}

/*
 * Expand n packed values (present elements only) into dst at the positions
 * the validity words give; absent slots get 0.0.
 */
void
FkExpandPacked(double *dst, const double *packed, const uint64 *valid,
			   int32 n)
{
	Size		nwords = FkBitmapWords((size_t) n);
	Size		k = 0;

	for (Size w = 0; w < nwords; w++)
	{
		uint64		word = valid[w];
		double	   *out = dst + w * FK_WORD_BITS;

		if (word == FK_ALL_VALID)
		{
			memcpy(out, packed + k, FK_WORD_BITS * sizeof(double));
			k += FK_WORD_BITS;
			continue;
		}
		memset(out, 0, sizeof(double) *
			   Min((Size) FK_WORD_BITS, (Size) n - w * FK_WORD_BITS));
		while (word)
		{
			out[pg_rightmost_one_pos64(word)] = packed[k++];
			word &= word - 1;
		}
	}
}

/*
 * View a float8[] (detoasted): one-dimensional or empty, else error.
 * Without NULLs the values are read in place; with NULLs they are expanded
 * once into palloc'd values and validity words.
 */
void
FkViewArray(ArrayType *arr, FkVecView *view)
{
	int32		len;
	uint64	   *valid;
	double	   *values;
	Size		present;

	FkCheckFloat8(ARR_ELEMTYPE(arr));
	FkCheckOneDim(arr);
	len = ARR_NDIM(arr) == 0 ? 0 : ARR_DIMS(arr)[0];

	view->len = len;
	view->nnulls = 0;
	view->values = (const double *) ARR_DATA_PTR(arr);
	view->valid = NULL;
	view->expanded = false;
	if (!ARR_HASNULL(arr) || len == 0)
		return;

	valid = (uint64 *) palloc(NVEC_NWORDS(len) * sizeof(uint64));
	FkBitmapFromBytes(valid, ARR_NULLBITMAP(arr), (size_t) len);
	present = FkBitmapCount(valid, (size_t) len);
	if (present == (Size) len)
	{
		/* a NULL bitmap without any NULL: the data area is dense */
		pfree(valid);
		return;
	}
	values = (double *) palloc(sizeof(double) * (Size) len);
	FkExpandPacked(values, (const double *) ARR_DATA_PTR(arr), valid, len);
	view->nnulls = len - (int32) present;
	view->values = values;
	view->valid = valid;
}

/* How many elements of a deconstructed array (dnulls set) are NULL */
static int32
FkDeconstructedNulls(ExpandedArrayHeader *eah)
{
	int32		nnulls = 0;

	for (int32 i = 0; i < eah->nelems; i++)
		nnulls += eah->dnulls[i] ? 1 : 0;
	return nnulls;
}

/*
 * View a deconstructed expanded float8[] (PL/pgSQL keeps array variables so
 * after an element assignment): with float8 passed by value its Datums are
 * the doubles themselves, contiguous, so they are read in place.  With NULLs
 * (dnulls) the values are copied once, absent slots 0.0, as for a flat array
 * with NULLs; the expanded object is never written.
 */
static void
FkViewDeconstructed(ExpandedArrayHeader *eah, FkVecView *view)
{
	int32		len = eah->ndims == 0 ? 0 : eah->nelems;
	const double *dv = (const double *) eah->dvalues;
	uint64	   *valid;
	double	   *values;
	int32		nnulls;

	StaticAssertStmt(sizeof(Datum) == sizeof(double),
					 "a float8 Datum must be the double itself");
	view->len = len;
	view->nnulls = 0;
	view->values = dv;
	view->valid = NULL;
	view->expanded = true;
	if (eah->dnulls == NULL || len == 0)
		return;
	nnulls = FkDeconstructedNulls(eah);
	if (nnulls == 0)
		return;

	valid = (uint64 *) palloc0(NVEC_NWORDS(len) * sizeof(uint64));
	values = (double *) palloc(sizeof(double) * (Size) len);
	for (int32 i = 0; i < len; i++)
	{
		if (eah->dnulls[i])
			values[i] = 0.0;
		else
		{
			values[i] = dv[i];
			FkBitmapSet(valid, (size_t) i);
		}
	}
	view->nnulls = nnulls;
	view->values = values;
	view->valid = valid;
}

/*
 * View a float8[] argument given as a Datum.  An expanded array (PL/pgSQL's
 * array variables) is read where it is: its flat form in place, or its
 * Datum array when float8 is passed by value; flattening it would copy the
 * whole vector.  Anything else is detoasted.  With raise, a value that is
 * not a float8[] of at most one dimension is an error (FkViewArray); without
 * it, false is returned and view is left unset.
 */
static bool
FkViewArrayDatumImpl(Datum d, FkVecView *view, bool raise)
{
	ArrayType  *arr;
	bool		expanded = false;

	if (VARATT_IS_EXTERNAL_EXPANDED(DatumGetPointer(d)))
	{
		ExpandedArrayHeader *eah = (ExpandedArrayHeader *) DatumGetEOHP(d);

		if (eah->ea_magic == EA_MAGIC && eah->dvalues == NULL)
		{
			/* only the flat form, fully detoasted */
			d = PointerGetDatum(eah->fvalue);
			expanded = true;
		}
		else if (eah->ea_magic == EA_MAGIC && FLOAT8PASSBYVAL)
		{
			if (!raise && (eah->ndims > 1 || eah->element_type != FLOAT8OID))
				return false;
			FkCheckFloat8(eah->element_type);
			FkCheckNDim(eah->ndims);
			FkViewDeconstructed(eah, view);
			return true;
		}
	}
	arr = DatumGetArrayTypeP(d);
	if (!raise && (ARR_NDIM(arr) > 1 || ARR_ELEMTYPE(arr) != FLOAT8OID))
		return false;
	FkViewArray(arr, view);
	view->expanded = expanded;
	return true;
}

/* View a float8[] argument given as a Datum, flat or expanded */
void
FkViewArrayDatum(Datum d, FkVecView *view)
{
	(void) FkViewArrayDatumImpl(d, view, true);
}

/*
 * View argument which ("first argument") of fn(), a float8[] given as a
 * Datum; an array of more than one dimension is an error naming both
 */
void
FkViewArrayDatumOf(Datum d, FkVecView *view, const char *fn, const char *which)
{
	ExpandedArrayHeader *eah;

	if (FkViewArrayDatumImpl(d, view, false))
		return;
	eah = VARATT_IS_EXTERNAL_EXPANDED(DatumGetPointer(d)) ?
		(ExpandedArrayHeader *) DatumGetEOHP(d) : NULL;
	if (eah != NULL && eah->ea_magic == EA_MAGIC && eah->dvalues != NULL)
	{
		FkCheckFloat8(eah->element_type);
		FkCheckNDimOf(eah->ndims, fn, which);
	}
	else
		FkCheckVectorArray(DatumGetArrayTypeP(d), fn, which);
	FkViewArrayDatum(d, view);	/* not reached: the checks raise */
}

/* "first argument" .. "fourth argument", for messages naming argument argno */
static const char *
FkArgumentWord(int argno)
{
	static const char *const words[] = {
		"first argument", "second argument", "third argument", "fourth argument"
	};

	return argno >= 0 && argno < (int) lengthof(words) ? words[argno] : "argument";
}

/*
 * View float8[] argument argno of the call of fcinfo; an array of more than
 * one dimension is an error naming the function called and the argument
 * (the name is looked up only then)
 */
void
FkViewArrayArg(FunctionCallInfo fcinfo, int argno, FkVecView *view)
{
	Datum		d = PG_GETARG_DATUM(argno);
	char	   *fn;

	if (FkViewArrayDatumImpl(d, view, false))
		return;
	fn = fcinfo->flinfo ? get_func_name(fcinfo->flinfo->fn_oid) : NULL;
	FkViewArrayDatumOf(d, view, fn ? fn : "?", FkArgumentWord(argno));
}

/*
 * The same, returning false instead of an error when d is not a float8[] of
 * at most one dimension (for callers with another way to compute).
 */
bool
FkViewArrayDatumIfVector(Datum d, FkVecView *view)
{
	return FkViewArrayDatumImpl(d, view, false);
}

/* View an nvec (detoasted), in place */
void
FkViewNVec(NVec *v, FkVecView *view)
{
	view->len = v->len;
	view->nnulls = v->nnulls;
	view->values = NVEC_VALUES(v);
	view->valid = NVEC_BITMAP(v);
	view->expanded = false;
}

/*
 * View a compressed nvec, checked first, for a reader that decodes it a
 * block at a time: no values, its validity words in place (the compressed
 * form keeps them plain)
 */
static void
FkViewNVecCompressed(NVec *v, FkVecView *view)
{
	FkNVecCheckCompressed(v);
	view->len = v->len;
	view->nnulls = v->nnulls;
	view->values = NULL;
	view->valid = v->nnulls > 0 ? FkNVecAlpBitmap(v) : NULL;
	view->expanded = false;
}

/*
 * View a detoasted nvec for a reader that takes a block at a time (the
 * fused evaluator): a plain one in place, as FkViewNVec; a compressed one
 * with values NULL and in set up as its block source, which decodes one
 * block at a time into a buffer of FK_FUSE_BLOCK values.  Its validity
 * words are read in place (the compressed form keeps them plain).
 */
void
FkViewNVecBlocks(NVec *v, FkVecView *view, FkFuseInput *in)
{
	if (!FkNVecStoredCompressed(v))
	{
		FkNVecCheckPlain(v);
		FkViewNVec(v, view);
		return;
	}
	FkViewNVecCompressed(v, view);
	in->fetch = FkNVecFetchBlock;
	in->src = v;
	in->buf = (double *) palloc(sizeof(double) * FK_FUSE_BLOCK);
	in->fetched = (size_t *) palloc(sizeof(size_t));
	*in->fetched = SIZE_MAX;
}

/*
 * Allocate a float8[] of the given dimensions and lower bounds (NULL: all
 * 1) whose data area sits where it will stay: right after the header when
 * no NULL is possible, after room for a NULL bitmap otherwise.  The values
 * are left to the caller (ARR_DATA_PTR); the one allocator of float8[]
 * results, for the kernels and the dense layers.
 */
ArrayType *
FkArrayAlloc(int ndim, const int *dims, const int *lbs, bool maybe_nulls)
{
	int			nitems = ArrayGetNItems(ndim, dims);
	Size		hdr = maybe_nulls ? ARR_OVERHEAD_WITHNULLS(ndim, nitems) :
		ARR_OVERHEAD_NONULLS(ndim);
	Size		size = add_size(hdr, mul_size(sizeof(double), (Size) nitems));
	ArrayType  *arr;

	if (!AllocSizeIsValid(size))
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("array size exceeds the maximum allowed (%d)",
						(int) MaxAllocSize)));
	arr = (ArrayType *) palloc(size);
	memset(arr, 0, hdr);
	SET_VARSIZE(arr, size);
	arr->ndim = ndim;
	arr->dataoffset = maybe_nulls ? (int32) hdr : 0;
	arr->elemtype = FLOAT8OID;
	for (int i = 0; i < ndim; i++)
	{
		ARR_DIMS(arr)[i] = dims[i];
		ARR_LBOUND(arr)[i] = lbs ? lbs[i] : 1;
	}
	return arr;
}

/*
 * An expanded float8[] to hold a result: expand_array of an empty array gives
 * the header, its methods and its memory context (the result is then
 * allocated in that context and adopted by FkExpandedAdopt).
 */
static ExpandedArrayHeader *
FkExpandedShell(void)
{
	ArrayMetaState meta;
	ArrayType  *empty = construct_empty_array(FLOAT8OID);
	Datum		d;

	meta.element_type = FLOAT8OID;
	meta.typlen = sizeof(float8);
	meta.typbyval = FLOAT8PASSBYVAL;
	meta.typalign = TYPALIGN_DOUBLE;
	d = expand_array(PointerGetDatum(empty), CurrentMemoryContext, &meta);
	pfree(empty);
	return (ExpandedArrayHeader *) DatumGetEOHP(d);
}

/*
 * Make arr, a finished flat float8[] allocated in eah's context, the flat
 * form of eah, as expand_array sets up one it copied.
 */
static Datum
FkExpandedAdopt(ExpandedArrayHeader *eah, ArrayType *arr)
{
	ArrayType  *old = eah->fvalue;

	eah->ndims = ARR_NDIM(arr);
	eah->dims = ARR_DIMS(arr);
	eah->lbound = ARR_LBOUND(arr);
	eah->dvalues = NULL;
	eah->dnulls = NULL;
	eah->dvalueslen = 0;
	eah->nelems = 0;
	eah->flat_size = 0;
	eah->fvalue = arr;
	eah->fstartptr = ARR_DATA_PTR(arr);
	eah->fendptr = ((char *) arr) + ARR_SIZE(arr);
	pfree(old);
	return EOHPGetRWDatum(&eah->hdr);
}

/*
 * Start a result of len elements, float8[] or nvec.  Without maybe_nulls the
 * values point into the final data area and valid is NULL; with it the
 * caller fills len values and every validity word (zeroed here).
 */
void
FkResultInit(FkVecResult *res, bool is_nvec, int32 len, bool maybe_nulls)
{
	FkResultInitFor(res, is_nvec, len, maybe_nulls, false);
}

/*
 * The same; with expanded (an input came as an expanded array), a float8[]
 * result is built inside an expanded array and FkResultFinish returns that.
 */
void
FkResultInitFor(FkVecResult *res, bool is_nvec, int32 len, bool maybe_nulls,
				bool expanded)
{
	res->is_nvec = is_nvec;
	res->len = len;
	res->valid = NULL;
	res->eah = NULL;
	res->by_block = false;
	res->npacked = 0;
	if (len < 0)
		elog(ERROR, "negative vector length %d", len);

	if (is_nvec)
	{
		NVec	   *v = FkNVecAllocRaw(len, maybe_nulls);

		res->container = v;
		res->values = NVEC_VALUES(v);
		if (maybe_nulls)
			res->valid = NVEC_BITMAP_SLOT(v);
		return;
	}

	if (len == 0)
	{
		ArrayType  *arr = construct_empty_array(FLOAT8OID);

		res->container = arr;
		res->values = (double *) ARR_DATA_PTR(arr);
		if (maybe_nulls)
			res->valid = (uint64 *) palloc0(sizeof(uint64));
		return;
	}

	if (expanded)
	{
		MemoryContext oldcxt;

		res->eah = FkExpandedShell();
		oldcxt = MemoryContextSwitchTo(res->eah->hdr.eoh_context);
		res->container = FkArrayAlloc(1, &len, NULL, maybe_nulls);
		MemoryContextSwitchTo(oldcxt);
	}
	else
		res->container = FkArrayAlloc(1, &len, NULL, maybe_nulls);
	res->values = (double *) ARR_DATA_PTR((ArrayType *) res->container);
	if (maybe_nulls)
		res->valid = (uint64 *) palloc0(NVEC_NWORDS(len) * sizeof(uint64));
}

/*
 * Copy the present ones of n values src, whose validity words are valid, to
 * dst in order; dst may overlap src at a lower address.  Returns their count.
 * A run of all-valid words moves as one: a long move aligns its stores,
 * where a word's 512 bytes at a time would split them across cache lines.
 */
static Size
FkPackPresent(double *dst, const double *src, const uint64 *valid, Size n)
{
	Size		nwords = NVEC_NWORDS(n);
	Size		k = 0;

	for (Size w = 0; w < nwords; w++)
	{
		uint64		word = valid[w];
		const double *in = src + w * FK_WORD_BITS;

		if (word == FK_ALL_VALID)
		{
			Size		run = 1;

			while (w + run < nwords && valid[w + run] == FK_ALL_VALID)
				run++;
			memmove(dst + k, in, run * FK_WORD_BITS * sizeof(double));
			k += run * FK_WORD_BITS;
			w += run - 1;
			continue;
		}
		while (word)
		{
			dst[k++] = in[pg_rightmost_one_pos64(word)];
			word &= word - 1;
		}
	}
	return k;
}

/* Set a float8[]'s size and layout for len elements, present of them present */
static void
FkArraySetPacked(ArrayType *arr, const uint64 *valid, int32 len, Size present)
{
	if (present == (Size) len)
	{
		arr->dataoffset = 0;
		SET_VARSIZE(arr, FK_ARR_HDR_NONULLS + sizeof(double) * (Size) len);
		return;
	}
	FkBitmapToBytes(ARR_NULLBITMAP(arr), valid, (size_t) len);
	/* the padding up to the values: zero, whatever was written there */
	{
		char	   *pad = (char *) ARR_NULLBITMAP(arr) + (len + 7) / 8;

		memset(pad, 0, ARR_DATA_PTR(arr) - pad);
	}
	SET_VARSIZE(arr, FK_ARR_HDR_NULLS(len) + sizeof(double) * present);
}

/* Where a float8[] without a NULL bitmap holds its values */
static inline double *
FkArrayValuesNoNulls(ArrayType *arr)
{
	return (double *) ((char *) arr + FK_ARR_HDR_NONULLS);
}

/*
 * Complete a float8[] built with maybe_nulls: pack the present values behind
 * a NULL bitmap, or move them next to the header when none is NULL.
 */
static void
FkArrayFinish(ArrayType *arr, uint64 *valid, int32 len)
{
	double	   *data = (double *) ARR_DATA_PTR(arr);
	Size		nwords = NVEC_NWORDS(len);
	Size		present;

	valid[nwords - 1] &= FkWordMask(nwords - 1, (size_t) len);
	present = FkBitmapCount(valid, (size_t) len);
	if (present == (Size) len)
		memmove(FkArrayValuesNoNulls(arr), data, sizeof(double) * (Size) len);
	else
		/* packing moves values only towards lower addresses: safe in place */
		FkPackPresent(data, data, valid, (Size) len);
	FkArraySetPacked(arr, valid, len, present);
}

/*
 * Where elements [start, start + n) of a float8[] result built with
 * maybe_nulls are to be computed, each at its offset from there, for
 * FkResultPlaceBlock: right after the values placed so far.  Blocks come in
 * order, starting at multiples of 64.
 */
double *
FkResultBlockDst(FkVecResult *res, int32 start)
{
	Assert(!res->is_nvec && res->valid != NULL && res->npacked <= start);
	if (res->npacked == start)
		return FkArrayValuesNoNulls((ArrayType *) res->container) + start;
	return res->values + res->npacked;
}

/*
 * Place elements [start, start + n), computed where FkResultBlockDst said,
 * their validity words valid: a float8[] is packed as the blocks come, in
 * place and while they are in cache, next to the header while every
 * element so far is present, behind the room of the NULL bitmap from the
 * first NULL on (what came before moves there once).  A block without
 * NULLs is already in place.  So FkResultFinish has nothing left to move.
 */
void
FkResultPlaceBlock(FkVecResult *res, int32 start, int32 n,
				   const uint64 *valid)
{
	Size		nw = NVEC_NWORDS(n);
	uint64	   *words = res->valid + start / FK_WORD_BITS;
	double	   *vals = FkResultBlockDst(res, start);
	Size		present;

	Assert(start % FK_WORD_BITS == 0);
	memcpy(words, valid, nw * sizeof(uint64));
	words[nw - 1] &= FkWordMask(nw - 1, (size_t) n);
	res->by_block = true;
	if (FkBitmapCount(words, (size_t) n) == (Size) n)
	{
		res->npacked += n;
		return;
	}
	/* packing moves values only towards lower addresses: safe in place */
	present = FkPackPresent(vals, vals, words, (Size) n);
	/* the first NULL: every value so far moves behind the bitmap's room */
	if (res->npacked == start)
		memmove(res->values, FkArrayValuesNoNulls((ArrayType *) res->container),
				sizeof(double) * (start + present));
	res->npacked += (int32) present;
}

/*
 * Turn a result into a Datum: nvec through FkNVecFinish (NULL count, zeroed
 * NULL slots, bitmap dropped when empty), float8[] packed as core stores it
 * (and handed to its expanded array when built in one).
 */
Datum
FkResultFinish(FkVecResult *res)
{
	if (res->is_nvec)
	{
		if (res->valid != NULL)
			FkNVecFinish((NVec *) res->container);
		return PointerGetDatum(res->container);
	}
	if (res->by_block)
		FkArraySetPacked((ArrayType *) res->container, res->valid, res->len,
						 (Size) res->npacked);
	else if (res->valid != NULL && res->len > 0)
		FkArrayFinish((ArrayType *) res->container, res->valid, res->len);
	if (res->eah != NULL)
		return FkExpandedAdopt(res->eah, (ArrayType *) res->container);
	return PointerGetDatum(res->container);
}

/*
 * The argument a reader opens, for the errors that name it: argument argno
 * of the call of fcinfo (the function's name looked up on error), or,
 * when fn is set, argument which ("argument") of fn()
 */
typedef struct FkReaderArg
{
	FunctionCallInfo fcinfo;
	int			argno;
	const char *fn;
	const char *which;
} FkReaderArg;

/* View float8[] argument d (arg names it in errors) whole, as FkViewArrayArg */
static void
FkReaderViewArg(Datum d, const FkReaderArg *arg, FkVecView *view)
{
	if (arg->fn != NULL)
		FkViewArrayDatumOf(d, view, arg->fn, arg->which);
	else
		FkViewArrayArg(arg->fcinfo, arg->argno, view);
}

/*
 * Open a detoasted float8[] argument arr (arg names it in errors): in
 * place, or a block at a time when it has NULLs
 */
static void
FkReaderOpenArrayOf(ArrayType *arr, const FkReaderArg *arg, FkVecReader *rd)
{
	int32		len;
	int32		present;

	rd->packed = false;
	rd->alp = NULL;
	rd->dx = NULL;
	/* another shape or element type: the error naming function and argument */
	if (ARR_NDIM(arr) > 1 || ARR_ELEMTYPE(arr) != FLOAT8OID)
		FkReaderViewArg(PointerGetDatum(arr), arg, &rd->view);
	if (ARR_NDIM(arr) != 1 || !ARR_HASNULL(arr))
	{
		/* in place: the array detoasted above, not again */
		FkViewArray(arr, &rd->view);
		return;
	}
	len = ARR_DIMS(arr)[0];
	rd->packed = true;
	rd->nulls = ARR_NULLBITMAP(arr);
	rd->data = (const double *) ARR_DATA_PTR(arr);
	rd->next = 0;
	present = (int32) pg_popcount((const char *) rd->nulls, len / 8);
	if (len % 8 != 0)
		present += pg_popcount32(rd->nulls[len / 8] & ((1u << (len % 8)) - 1));
	rd->view.len = len;
	rd->view.nnulls = len - present;
	rd->view.values = NULL;
	rd->view.valid = NULL;
	rd->view.expanded = false;
}

/*
 * Open vector argument d (nvec when is_nvec, else float8[]; arg names it
 * in errors) for reading block by block; see FkReaderOpen
 */
static void
FkReaderOpenDatum(Datum d, bool is_nvec, const FkReaderArg *arg,
				  FkVecReader *rd)
{
	rd->packed = false;
	rd->alp = NULL;
	rd->dx = NULL;
	if (is_nvec)
	{
		NVec	   *v = (NVec *) PG_DETOAST_DATUM(d);

		if (!FkNVecStoredCompressed(v))
		{
			FkNVecCheckPlain(v);
			FkViewNVec(v, &rd->view);
			return;
		}
		FkViewNVecCompressed(v, &rd->view);
		rd->alp = v;
		rd->packed = true;
		return;
	}
	if (VARATT_IS_EXTERNAL_EXPANDED(DatumGetPointer(d)))
	{
		ExpandedArrayHeader *eah = (ExpandedArrayHeader *) DatumGetEOHP(d);

		if (eah->ea_magic == EA_MAGIC && eah->dvalues != NULL &&
			eah->dnulls != NULL && FLOAT8PASSBYVAL &&
			eah->element_type == FLOAT8OID && eah->ndims == 1)
		{
			int32		nnulls = FkDeconstructedNulls(eah);

			rd->view.len = eah->nelems;
			rd->view.nnulls = nnulls;
			rd->view.valid = NULL;
			rd->view.expanded = true;
			/* without NULLs in place, else a block of validity words at a time */
			rd->view.values = nnulls == 0 ? (const double *) eah->dvalues : NULL;
			rd->dx = nnulls == 0 ? NULL : eah;
			rd->packed = nnulls != 0;
			return;
		}
		FkReaderViewArg(d, arg, &rd->view);
		return;
	}
	FkReaderOpenArrayOf(DatumGetArrayTypeP(d), arg, rd);
}

/*
 * Open vector argument argno of the call of fcinfo (nvec when is_nvec, else
 * float8[]) for reading block by block.  A plain nvec, or a float8[] without
 * NULLs, is read in place (its view); a float8[] with NULLs stores only its
 * present elements, and a compressed nvec its encoded blocks, so each block
 * is expanded or decoded into the reader's buffer (FkReaderBlock) instead of
 * the whole vector at once.  view.len and view.nnulls are set either way.
 */
void
FkReaderOpen(FunctionCallInfo fcinfo, int argno, bool is_nvec,
			 FkVecReader *rd)
{
	FkReaderArg arg = {fcinfo, argno, NULL, NULL};

	FkReaderOpenDatum(PG_GETARG_DATUM(argno), is_nvec, &arg, rd);
}

/*
 * The same for a vector argument given as a Datum, d: a float8[] of more
 * than one dimension is an error naming it argument which ("argument") of
 * fn(), as FkViewArrayDatumOf names it
 */
void
FkReaderOpenOf(Datum d, bool is_nvec, const char *fn, const char *which,
			   FkVecReader *rd)
{
	FkReaderArg arg = {NULL, 0, fn, which};

	FkReaderOpenDatum(d, is_nvec, &arg, rd);
}

/*
 * The same for a float8[] argument argno of fcinfo already detoasted, arr:
 * in place, or a block at a time when it has NULLs
 */
void
FkReaderOpenArray(FunctionCallInfo fcinfo, int argno, ArrayType *arr,
				  FkVecReader *rd)
{
	FkReaderArg arg = {fcinfo, argno, NULL, NULL};

	FkReaderOpenArrayOf(arr, &arg, rd);
}

/*
 * Elements [start, start + n) of the vector, in order (start a multiple of
 * 64; blocks read in increasing order, of at most FK_READ_BLOCK elements
 * when packed, elements between them skipped): values and validity words
 * (NULL: all present).
 */
void
FkReaderBlock(FkVecReader *rd, int32 start, int32 n, const double **x,
			  const uint64 **valid)
{
	if (!rd->packed)
	{
		*x = rd->view.values + start;
		*valid = rd->view.valid ? rd->view.valid + start / FK_WORD_BITS : NULL;
		return;
	}
	if (rd->dx != NULL)
	{
		const double *dv = (const double *) rd->dx->dvalues + start;
		const bool *dn = rd->dx->dnulls + start;

		memset(rd->words, 0, sizeof(uint64) * NVEC_NWORDS(n));
		for (int32 i = 0; i < n; i++)
		{
			rd->vals[i] = dn[i] ? 0.0 : dv[i];
			if (!dn[i])
				FkBitmapSet(rd->words, (size_t) i);
		}
		*x = rd->vals;
		*valid = rd->words;
		return;
	}
	if (rd->alp != NULL)
	{
		/* blocks of the reader are the compressed form's */
		Assert(start % FK_ALP_BLOCK == 0 && n <= FK_ALP_BLOCK);
		FkNVecDecodeBlock(rd->alp, (Size) (start / FK_ALP_BLOCK), rd->vals);
		*x = rd->vals;
		*valid = rd->view.valid ? rd->view.valid + start / FK_WORD_BITS : NULL;
		return;
	}
	if (start > rd->next)
	{
		/* skip the present values of the elements passed over */
		rd->data += pg_popcount((const char *) rd->nulls + rd->next / 8,
								(start - rd->next) / 8);
	}
	Assert(start >= rd->next);
	rd->next = start + n;
	FkBitmapFromBytes(rd->words, rd->nulls + start / 8, (size_t) n);
	FkExpandPacked(rd->vals, rd->data, rd->words, n);
	rd->data += FkBitmapCount(rd->words, (size_t) n);
	*x = rd->vals;
	*valid = rd->words;
}

/*
 * Values [start, start + n) of the vector into dst, absent slots 0.0, as
 * FkReaderBlock reads them (start a multiple of 64, blocks in increasing
 * order) into dst: a compressed nvec decoded straight there a block at a
 * time (start a multiple of FK_READ_BLOCK), a float8[] with NULLs expanded
 * a block at a time, anything read in place copied.
 */
void
FkReaderCopy(FkVecReader *rd, int32 start, int32 n, double *dst)
{
	const double *x;
	const uint64 *valid;

	if (rd->alp != NULL)
	{
		Assert(start % FK_ALP_BLOCK == 0);
		for (int32 s = 0; s < n; s += FK_ALP_BLOCK)
		{
			if ((s / FK_ALP_BLOCK) % 64 == 63)
				CHECK_FOR_INTERRUPTS();
			FkNVecDecodeBlock(rd->alp, (Size) ((start + s) / FK_ALP_BLOCK),
							  dst + s);
		}
		return;
	}
	if (!rd->packed)
	{
		memcpy(dst, rd->view.values + start, sizeof(double) * (Size) n);
		return;
	}
	for (int32 s = 0; s < n; s += FK_READ_BLOCK)
	{
		int32		m = Min(FK_READ_BLOCK, n - s);

		if ((s / FK_READ_BLOCK) % 64 == 63)
			CHECK_FOR_INTERRUPTS();
		FkReaderBlock(rd, start + s, m, &x, &valid);
		memcpy(dst + s, x, sizeof(double) * (Size) m);
	}
}

/*
 * The whole vector of rd, with NULLs, into values (len slots) and valid
 * (FkBitmapWords(len) words): a block at a time as FkReaderBlock reads it,
 * serving interrupts between blocks
 */
void
FkReaderCopyAll(FkVecReader *rd, double *values, uint64 *valid)
{
	size_t		n = (size_t) rd->view.len;
	size_t		step = rd->packed ? FK_READ_BLOCK : FK_BLOCK;

	for (size_t s = 0; s < n; s += step)
	{
		size_t		e = Min(s + step, n);
		const double *x;
		const uint64 *v;

		CHECK_FOR_INTERRUPTS();
		FkReaderBlock(rd, (int32) s, (int32) (e - s), &x, &v);
		memcpy(values + s, x, sizeof(double) * (e - s));
		if (v != NULL && rd->view.nnulls > 0)
			memcpy(valid + s / FK_WORD_BITS, v,
				   sizeof(uint64) * FkBitmapWords(e - s));
		else
			FkBitmapCopyBits(valid, s, NULL, 0, e - s);
	}
}

/*
 * The whole vector of rd as values and validity words (NULL: no NULL), for
 * a computation that reads its elements back: in place when rd reads in
 * place, else copied once (FkReaderCopyAll) into memory of the current
 * context
 */
void
FkReaderWhole(FkVecReader *rd, const double **x, const uint64 **valid)
{
	if (rd->packed)
	{
		double	   *vals = palloc(sizeof(double) * (Size) Max(rd->view.len, 1));
		uint64	   *words = palloc(sizeof(uint64) *
								   Max(FkBitmapWords(rd->view.len), 1));

		FkReaderCopyAll(rd, vals, words);
		*x = vals;
		*valid = words;
		return;
	}
	*x = rd->view.values;
	*valid = rd->view.nnulls > 0 ? rd->view.valid : NULL;
}
