/*
 * pg_kernels_lagged.c
 *		dlog(v, lag) = ln(v[i]) - ln(v[i - lag]), diff(v, lag) = v[i] -
 *		v[i - lag], and the chains fused after a logarithm:
 *		dlog_scale_add(v, lag, a, b) = (dlog(v, lag) * a) + b and
 *		ln_scale_add(v, a, b) = (ln(v) * a) + b, over float8[] and nvec.
 *
 * Each fails as the chain it replaces: ln of every present element of v
 * first (as ln(v) would), then the later steps on the present outputs;
 * with moderate a and b those steps cannot fail (FkScaleAddSafeAfterLn).
 */
#include "postgres.h"

#include "pg_kernels.h"

static const FkOp FkOpDlog = {FK_SHAPE_LAG, FK_KOP_DLOG, true, false};
static const FkOp FkOpDiff = {FK_SHAPE_LAG, FK_KOP_DIFF, false, true, FK_CHECK_ADD};
static const FkOp FkOpDlogScaleAdd = {FK_SHAPE_LAG_SCALE_ADD, FK_KOP_DLOG_SCALE_ADD,
true, true, FK_CHECK_SCALE_ADD, true};
static const FkOp FkOpLnScaleAdd = {FK_SHAPE_SCALE_ADD, FK_KOP_LN_SCALE_ADD,
true, true, FK_CHECK_SCALE_ADD, true};

FK_KERNEL_ENTRY(dlog, , FkOpDlog, "dlog")
FK_KERNEL_ENTRY(diff, , FkOpDiff, "diff")
FK_KERNEL_ENTRY(dlog_scale_add, , FkOpDlogScaleAdd, "dlog_scale_add")
FK_KERNEL_ENTRY(ln_scale_add, , FkOpLnScaleAdd, "ln_scale_add")
