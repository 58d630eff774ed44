/*
 * layers.c
 *		SQL entry points of the dense layers on float8[] matrices: the fused
 *		linear_residual_relu and gelu_linear, and the unfused pieces matmul,
 *		add_bias, relu and gelu.
 */
#include "postgres.h"

#include "dense/dense_pg.h"
#include "worker/worker.h"
#include "fmgr.h"
#include "miscadmin.h"
#include "storage/shmem.h"

PG_FUNCTION_INFO_V1(matmul);
PG_FUNCTION_INFO_V1(add_bias);
PG_FUNCTION_INFO_V1(relu);
PG_FUNCTION_INFO_V1(gelu);
PG_FUNCTION_INFO_V1(linear_residual_relu);
PG_FUNCTION_INFO_V1(gelu_linear);

/* A matrix's shape for messages: "3 x 4", or "4" for a one-dimensional array */
static char *
FkShapeText(const FkMatrix *m)
{
	if (m->ndim == 1)
		return psprintf("%d", m->cols);
	return psprintf("%d x %d", m->rows, m->cols);
}

/* Check x (m x k or one row) against w (k x n), arguments of fn() */
static void
FkCheckProduct(const FkMatrix *x, const FkMatrix *w, const char *fn)
{
	if (w->ndim != 2)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("w must be a two-dimensional array"),
				 errdetail("Argument w of %s() has shape %s.", fn,
						   FkShapeText(w))));
	if (x->cols != w->rows)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("x and w have incompatible shapes"),
				 errdetail("Argument x of %s() has shape %s and w has shape %s: the columns of x must match the rows of w.",
						   fn, FkShapeText(x), FkShapeText(w))));
}

/*
 * Check that argument bias of fn() is one-dimensional with one element per
 * column of argument against
 */
static void
FkCheckBias(const FkMatrix *bias, int cols, const char *fn,
			const char *against)
{
	if (bias->ndim != 1 || bias->cols != cols)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("bias and %s have incompatible shapes", against),
				 errdetail("Argument bias of %s() has shape %s and must be one-dimensional with %d elements, one per column of %s.",
						   fn, FkShapeText(bias), cols, against)));
}

/* Check that argument residual of fn() has exactly the shape of the result */
static void
FkCheckResidual(const FkMatrix *res, const FkMatrix *x, int cols,
				const char *fn)
{
	FkMatrix	out = {x->ndim, x->rows, cols, NULL};

	if (res->ndim != out.ndim || res->rows != out.rows || res->cols != cols)
		ereport(ERROR,
				(errcode(ERRCODE_ARRAY_SUBSCRIPT_ERROR),
				 errmsg("residual and x w have incompatible shapes"),
				 errdetail("Argument residual of %s() has shape %s and the product x w has shape %s.",
						   fn, FkShapeText(res), FkShapeText(&out))));
}

/*
 * Run a layer on this process's CPU, block of rows by block of rows,
 * polling for interrupts in between; when progress is given, it is told
 * before each block how many rows are done, and when it says to stop, give
 * up and return false.  OpenBLAS's work buffer is made sure of first: a
 * process that cannot map it gets core's out-of-memory error, where
 * OpenBLAS would retry for ever (FkDenseBlasReady).
 */
bool
FkDenseRunCpu(const FkDenseLayer *layer,
			  bool (*progress) (void *arg, size_t rows_done), void *arg)
{
	size_t		block = FkDenseBlockRows(layer->m, layer->n, layer->k);
	size_t		nscratch = FkDenseScratch(layer, block);
	double	   *scratch = NULL;

	if (!FkDenseBlasReady())
		ereport(ERROR,
				(errcode(ERRCODE_OUT_OF_MEMORY),
				 errmsg("out of memory"),
				 errdetail("Failed on request of size %zu for the work buffer of OpenBLAS.",
						   FK_DENSE_BLAS_BUFFER)));
	if (nscratch > 0)
		scratch = palloc(mul_size(nscratch, sizeof(double)));
	for (size_t r0 = 0; r0 < layer->m; r0 += block)
	{
		CHECK_FOR_INTERRUPTS();
		if (progress && progress(arg, r0))
			return false;
		FkDenseLayerRows(layer, r0, Min(r0 + block, layer->m), scratch);
	}
	if (scratch)
		pfree(scratch);
	return true;
}

/* Run a layer in the worker when that pays and works, else on the CPU */
static void
FkDenseRun(const FkDenseLayer *layer)
{
	if (!FkWorkerOffload(layer))
		(void) FkDenseRunCpu(layer, NULL, NULL);
}

/*
 * Allocate the result of a layer whose operands passed their checks (x m x k
 * or one row, w k x n, bias and residual NULL when op has none), run it where
 * FkDenseRun sends it, and return the array; *out is its data.
 */
ArrayType *
FkDenseLayerResult(FkDenseOp op, const FkMatrix *x, const FkMatrix *w,
				   const double *bias, const double *residual, double **out)
{
	FkDenseLayer layer = {0};
	ArrayType  *result = FkMatrixResult(x->ndim, x->rows, w->cols, out);

	layer.op = op;
	layer.m = x->rows;
	layer.n = w->cols;
	layer.k = x->cols;
	layer.x = x->data;
	layer.w = w->data;
	layer.bias = bias;
	layer.residual = residual;
	layer.out = *out;
	FkDenseRun(&layer);
	return result;
}

/*
 * Shared body of the layer functions (fn, for errors): validate, allocate
 * the result, run.  bias_arg and res_arg are -1 when the layer has no such
 * operand.
 */
static Datum
FkLayerCall(FunctionCallInfo fcinfo, FkDenseOp op, int bias_arg, int res_arg,
			const char *fn)
{
	FkMatrix	x,
				w,
				bias,
				res;
	const double *biasdata = NULL;
	const double *resdata = NULL;
	ArrayType  *result;
	double	   *out;

	FkMatrixFromArray(PG_GETARG_ARRAYTYPE_P(0), fn, "x", &x);
	FkMatrixFromArray(FkGetArrayArgCached(fcinfo, 1), fn, "w", &w);
	FkCheckProduct(&x, &w, fn);
	if (bias_arg >= 0)
	{
		FkMatrixFromArray(PG_GETARG_ARRAYTYPE_P(bias_arg), fn, "bias", &bias);
		FkCheckBias(&bias, w.cols, fn, "w");
		biasdata = bias.data;
	}
	if (res_arg >= 0)
	{
		FkMatrixFromArray(PG_GETARG_ARRAYTYPE_P(res_arg), fn, "residual",
						  &res);
		FkCheckResidual(&res, &x, w.cols, fn);
		resdata = res.data;
	}
	result = FkDenseLayerResult(op, &x, &w, biasdata, resdata, &out);
	PG_RETURN_ARRAYTYPE_P(result);
}

/* matmul(x, w): the matrix product x w */
Datum
matmul(PG_FUNCTION_ARGS)
{
	return FkLayerCall(fcinfo, FK_DENSE_MATMUL, -1, -1, "matmul");
}

/* linear_residual_relu(x, w, bias, residual): relu(x w + residual + bias) */
Datum
linear_residual_relu(PG_FUNCTION_ARGS)
{
	return FkLayerCall(fcinfo, FK_DENSE_LINEAR_RESIDUAL_RELU, 2, 3,
					   "linear_residual_relu");
}

/* gelu_linear(x, w, bias): gelu(x) w + bias */
Datum
gelu_linear(PG_FUNCTION_ARGS)
{
	return FkLayerCall(fcinfo, FK_DENSE_GELU_LINEAR, 2, -1, "gelu_linear");
}

/* add_bias(y, bias): bias added to every row of y */
Datum
add_bias(PG_FUNCTION_ARGS)
{
	ArrayType  *ya = PG_GETARG_ARRAYTYPE_P(0);
	FkMatrix	y,
				bias;
	ArrayType  *result;
	double	   *out;

	FkMatrixFromArray(ya, "add_bias", "y", &y);
	FkMatrixFromArray(PG_GETARG_ARRAYTYPE_P(1), "add_bias", "bias", &bias);
	FkCheckBias(&bias, y.cols, "add_bias", "y");
	result = FkArrayResultLike(ya, &out);
	FkAddBiasRows(out, y.data, bias.data, y.rows, y.cols);
	PG_RETURN_ARRAYTYPE_P(result);
}

/* Apply an elementwise kernel in blocks, polling for interrupts in between */
static void
FkElementwise(void (*fn) (double *, const double *, size_t), double *out,
			  const double *in, size_t n)
{
	const size_t block = 65536;

	for (size_t i = 0; i < n; i += block)
	{
		CHECK_FOR_INTERRUPTS();
		fn(out + i, in + i, Min(block, n - i));
	}
}

/*
 * Shared body of relu and gelu (name, for errors): the kernel over a copy
 * of any shape
 */
static Datum
FkElementwiseCall(FunctionCallInfo fcinfo,
				  void (*fn) (double *, const double *, size_t),
				  const char *name)
{
	ArrayType  *a = PG_GETARG_ARRAYTYPE_P(0);
	int			n = FkArrayNoNullsCount(a, "array", name, "a");
	double	   *out;
	ArrayType  *result = FkArrayResultLike(a, &out);

	FkElementwise(fn, out, FkArrayValues(a), n);
	PG_RETURN_ARRAYTYPE_P(result);
}

/* relu(a): max(v, 0) elementwise, any shape; NaN and -0 pass through */
Datum
relu(PG_FUNCTION_ARGS)
{
	return FkElementwiseCall(fcinfo, FkReluArray, "relu");
}

/* gelu(a): GELU (tanh approximation) elementwise, any shape */
Datum
gelu(PG_FUNCTION_ARGS)
{
	return FkElementwiseCall(fcinfo, FkGeluArray, "gelu");
}
