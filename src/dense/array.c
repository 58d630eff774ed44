/*
 * array.c
 *		float8[] as matrices: validated views read in place and results
 *		allocated once for the kernels to write into.
 */
#include "postgres.h"

#include "access/detoast.h"
#include "catalog/pg_type.h"
#include "dense/dense_pg.h"
#include "utils/array.h"
#include "utils/memutils.h"

#include "common/pg_compat.h"
#include "vector/vecview.h"

/*
 * Error out unless argument argname of fn() holds no NULL ("<what> must
 * not contain nulls"); return its element count
 */
int
FkArrayNoNullsCount(ArrayType *a, const char *what, const char *fn,
					const char *argname)
{
	Assert(ARR_ELEMTYPE(a) == FLOAT8OID);
	if (array_contains_nulls(a))
		ereport(ERROR,
				(errcode(ERRCODE_NULL_VALUE_NOT_ALLOWED),
				 errmsg("%s must not contain nulls", what),
				 errdetail("Argument %s of %s() has a NULL element.",
						   argname, fn)));
	return ArrayGetNItems(ARR_NDIM(a), ARR_DIMS(a));
}

/* The values of a float8[], whether or not it carries a NULL bitmap */
const double *
FkArrayValues(ArrayType *a)
{
	return (const double *) ARR_DATA_PTR(a);
}

/* The detoasted copy of one on-disk value, kept across calls */
typedef struct FkDetoastCache
{
	struct varatt_external ptr; /* which stored value */
	ArrayType  *value;			/* its detoasted copy, in fn_mcxt */
} FkDetoastCache;

/*
 * Argument argno as an array, for an operand that is usually the same
 * stored value on every row (the weights of a layer joined to a table of
 * inputs): a value stored out of line is detoasted once per query and kept
 * in the function's fn_extra, keyed by its toast pointer.  Stored values
 * never change and a toast value id is not reused while a query can still
 * see the row, so the key identifies the bytes.
 */
ArrayType *
FkGetArrayArgCached(FunctionCallInfo fcinfo, int argno)
{
	return FkGetArrayArgCachedIn(fcinfo, argno, &fcinfo->flinfo->fn_extra);
}

/*
 * FkGetArrayArgCached with the cache kept in *slot (in fn_mcxt), for a
 * function whose fn_extra holds more
 */
ArrayType *
FkGetArrayArgCachedIn(FunctionCallInfo fcinfo, int argno, void **slot)
{
	struct varlena *v = (struct varlena *) DatumGetPointer(PG_GETARG_DATUM(argno));
	FkDetoastCache *cache = (FkDetoastCache *) *slot;
	struct varatt_external ptr;
	MemoryContext old;

	if (!VARATT_IS_EXTERNAL_ONDISK(v))
		return PG_GETARG_ARRAYTYPE_P(argno);
	VARATT_EXTERNAL_GET_POINTER(ptr, v);
	if (cache != NULL && cache->value != NULL &&
		memcmp(&cache->ptr, &ptr, sizeof(ptr)) == 0)
		return cache->value;
	if (cache == NULL)
	{
		cache = MemoryContextAllocZero(fcinfo->flinfo->fn_mcxt, sizeof(FkDetoastCache));
		*slot = cache;
	}
	if (cache->value != NULL)
		pfree(cache->value);
	cache->value = NULL;
	old = MemoryContextSwitchTo(fcinfo->flinfo->fn_mcxt);
	cache->value = (ArrayType *) detoast_attr(v);
	MemoryContextSwitchTo(old);
	cache->ptr = ptr;
	return cache->value;
}

/*
 * View argument argname of fn(), a 1-D or 2-D float8[] without NULLs, as a
 * matrix, in place
 */
void
FkMatrixFromArray(ArrayType *a, const char *fn, const char *argname,
				  FkMatrix *m)
{
	int			ndim = ARR_NDIM(a);

	FkArrayNoNullsCount(a, argname, fn, argname);
	if (ndim == 0)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s must not be empty", argname),
				 errdetail("Argument %s of %s() is an empty array.",
						   argname, fn)));
	if (ndim > 2)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("%s must have one or two dimensions", argname),
				 errdetail("Argument %s of %s() has %d dimensions.",
						   argname, fn, ndim)));
	m->ndim = ndim;
	m->rows = ndim == 1 ? 1 : ARR_DIMS(a)[0];
	m->cols = ARR_DIMS(a)[ndim - 1];
	m->data = FkArrayValues(a);
}

/*
 * View a float8[] as FkMatrixFromArray does, without raising its errors:
 * false for a NULL element, an empty array or three or more dimensions
 */
bool
FkMatrixTryArray(ArrayType *a, FkMatrix *m)
{
	int			ndim = ARR_NDIM(a);

	if (ndim < 1 || ndim > 2 || array_contains_nulls(a))
		return false;
	m->ndim = ndim;
	m->rows = ndim == 1 ? 1 : ARR_DIMS(a)[0];
	m->cols = ARR_DIMS(a)[ndim - 1];
	m->data = FkArrayValues(a);
	return true;
}

/* A float8[] without NULLs (FkArrayAlloc), and where its values go */
static ArrayType *
FkDenseAlloc(int ndim, const int *dims, const int *lbs, double **data)
{
	ArrayType  *r = FkArrayAlloc(ndim, dims, lbs, false);

	*data = (double *) ARR_DATA_PTR(r);
	return r;
}

/* A rows x cols float8[] result (1-D of cols when ndim is 1), lower bounds 1 */
ArrayType *
FkMatrixResult(int ndim, int rows, int cols, double **data)
{
	int			dims[2];
	int			lbs[2] = {1, 1};

	Assert(ndim == 1 || ndim == 2);
	if ((uint64) rows * (uint64) cols > MaxArraySize)
		ereport(ERROR,
				(errcode(ERRCODE_PROGRAM_LIMIT_EXCEEDED),
				 errmsg("array size exceeds the maximum allowed (%d)",
						(int) MaxArraySize),
				 errdetail("The result would have %d x %d elements.", rows, cols)));
	if (ndim == 1)
		dims[0] = cols;
	else
	{
		dims[0] = rows;
		dims[1] = cols;
	}
	return FkDenseAlloc(ndim, dims, lbs, data);
}

/*
 * A float8[] result with the shape and lower bounds of a; for an empty a,
 * core's empty array, byte for byte (*data is then NULL: nothing to write)
 */
ArrayType *
FkArrayResultLike(ArrayType *a, double **data)
{
	if (ARR_NDIM(a) == 0)
	{
		*data = NULL;
		return construct_empty_array(FLOAT8OID);
	}
	return FkDenseAlloc(ARR_NDIM(a), ARR_DIMS(a), ARR_LBOUND(a), data);
}
