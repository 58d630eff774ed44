/*
 * pg_kernels_unary.c
 *		ln, exp, sqrt, abs and unary minus (vneg) over float8[] and nvec.
 *
 * ln is checked on its input (zero, negative: 2201E as dlog1), exp on its
 * result (overflow, underflow as dexp), sqrt on its input (2201F as dsqrt);
 * abs and vneg cannot fail.
 */
#include "postgres.h"

#include "pg_kernels.h"

static const FkOp FkOpLn = {FK_SHAPE_UNARY, FK_KOP_LN, true, false};
static const FkOp FkOpExp = {FK_SHAPE_UNARY, FK_KOP_EXP, false, true, FK_CHECK_EXP};
static const FkOp FkOpSqrt = {FK_SHAPE_UNARY, FK_KOP_SQRT, false, true, FK_CHECK_SQRT};
static const FkOp FkOpAbs = {FK_SHAPE_UNARY, FK_KOP_ABS};
static const FkOp FkOpNeg = {FK_SHAPE_UNARY, FK_KOP_NEG};

FK_KERNEL_ENTRY(ln, , FkOpLn, "ln")
FK_KERNEL_ENTRY(exp, , FkOpExp, "exp")
FK_KERNEL_ENTRY(sqrt, , FkOpSqrt, "sqrt")
FK_KERNEL_ENTRY(abs, , FkOpAbs, "abs")
FK_KERNEL_ENTRY(neg, , FkOpNeg, "vneg")
