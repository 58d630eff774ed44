/*
 * pg_kernels_binary.c
 *		+ - * / of two vectors or of a vector and a float8 on either side,
 *		scale_add(v, a, b) = (v * a) + b and sub_mul_add(x, y, a, b) =
 *		((x - y) * a) + b, over float8[] and nvec; the functions of two vectors
 *		also over one of each (vadd(float8[], nvec) ...), returning nvec.
 *		The SQL functions of + - * / are vadd, vsub, vmul and vdiv.
 *
 * Checks follow float8_pl/mi/mul/div; the chains are checked step by step,
 * as the separate operators they stand for would fail.
 */
#include "postgres.h"

#include "pg_kernels.h"

static const FkOp FkOpAdd = {FK_SHAPE_BINARY, FK_KOP_ADD, false, true, FK_CHECK_ADD};
static const FkOp FkOpAddS = {FK_SHAPE_SCALAR, FK_KOP_ADD_S, false, true, FK_CHECK_ADD_S};
static const FkOp FkOpAddRs = {FK_SHAPE_RSCALAR, FK_KOP_ADD_S, false, true, FK_CHECK_ADD_S};
static const FkOp FkOpSub = {FK_SHAPE_BINARY, FK_KOP_SUB, false, true, FK_CHECK_ADD};
static const FkOp FkOpSubS = {FK_SHAPE_SCALAR, FK_KOP_SUB_S, false, true, FK_CHECK_ADD_S};
static const FkOp FkOpSubRs = {FK_SHAPE_RSCALAR, FK_KOP_RSUB_S, false, true, FK_CHECK_ADD_S};
static const FkOp FkOpMul = {FK_SHAPE_BINARY, FK_KOP_MUL, false, true, FK_CHECK_MUL};
static const FkOp FkOpMulS = {FK_SHAPE_SCALAR, FK_KOP_MUL_S, false, true, FK_CHECK_MUL_S};
static const FkOp FkOpMulRs = {FK_SHAPE_RSCALAR, FK_KOP_MUL_S, false, true, FK_CHECK_MUL_S};
static const FkOp FkOpDiv = {FK_SHAPE_BINARY, FK_KOP_DIV, false, true, FK_CHECK_DIV};
static const FkOp FkOpDivS = {FK_SHAPE_SCALAR, FK_KOP_DIV_S, false, true, FK_CHECK_DIV_S};
static const FkOp FkOpDivRs = {FK_SHAPE_RSCALAR, FK_KOP_RDIV_S, false, true, FK_CHECK_RDIV_S};
static const FkOp FkOpScaleAdd = {FK_SHAPE_SCALE_ADD, FK_KOP_SCALE_ADD, false, true, FK_CHECK_SCALE_ADD};
static const FkOp FkOpSubMulAdd = {FK_SHAPE_SUB_MUL_ADD, FK_KOP_SUB_MUL_ADD, false, true, FK_CHECK_SUB_MUL_ADD};

FK_KERNEL_ENTRY(add, , FkOpAdd, "vadd")
FK_KERNEL_ENTRY(add, _s, FkOpAddS, "vadd")
FK_KERNEL_ENTRY(add, _rs, FkOpAddRs, "vadd")
FK_KERNEL_ENTRY(sub, , FkOpSub, "vsub")
FK_KERNEL_ENTRY(sub, _s, FkOpSubS, "vsub")
FK_KERNEL_ENTRY(sub, _rs, FkOpSubRs, "vsub")
FK_KERNEL_ENTRY(mul, , FkOpMul, "vmul")
FK_KERNEL_ENTRY(mul, _s, FkOpMulS, "vmul")
FK_KERNEL_ENTRY(mul, _rs, FkOpMulRs, "vmul")
FK_KERNEL_ENTRY(div, , FkOpDiv, "vdiv")
FK_KERNEL_ENTRY(div, _s, FkOpDivS, "vdiv")
FK_KERNEL_ENTRY(div, _rs, FkOpDivRs, "vdiv")
FK_KERNEL_ENTRY(scale_add, , FkOpScaleAdd, "scale_add")
FK_KERNEL_ENTRY(sub_mul_add, , FkOpSubMulAdd, "sub_mul_add")
FK_KERNEL_ENTRY_MIXED(add, FkOpAdd, "vadd")
FK_KERNEL_ENTRY_MIXED(sub, FkOpSub, "vsub")
FK_KERNEL_ENTRY_MIXED(mul, FkOpMul, "vmul")
FK_KERNEL_ENTRY_MIXED(div, FkOpDiv, "vdiv")
FK_KERNEL_ENTRY_MIXED(sub_mul_add, FkOpSubMulAdd, "sub_mul_add")
