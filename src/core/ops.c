/*
 * ops.c
 *		Dense application of an operation code to the kernel table.
 */
#include "ops.h"

/*
 * Run the dense primitive of a non-lagged op over n elements: x and y are
 * its vector operands (y unused by most), a and b its scalars.
 */
void
FkKernelApply(const FkKernelTable *kt, FkKernelOp op, double *dst,
			const double *x, const double *y, double a, double b, size_t n)
{
	switch (op)
	{
		case FK_KOP_LN:
			kt->ln(dst, x, n);
			break;
		case FK_KOP_EXP:
			kt->exp(dst, x, n);
			break;
		case FK_KOP_SQRT:
			kt->sqrt(dst, x, n);
			break;
		case FK_KOP_ABS:
			kt->abs(dst, x, n);
			break;
		case FK_KOP_NEG:
			kt->neg(dst, x, n);
			break;
		case FK_KOP_ADD:
			kt->add(dst, x, y, n);
			break;
		case FK_KOP_SUB:
			kt->sub(dst, x, y, n);
			break;
		case FK_KOP_MUL:
			kt->mul(dst, x, y, n);
			break;
		case FK_KOP_DIV:
			kt->div(dst, x, y, n);
			break;
		case FK_KOP_ADD_S:
			kt->add_s(dst, x, a, n);
			break;
		case FK_KOP_SUB_S:
			kt->sub_s(dst, x, a, n);
			break;
		case FK_KOP_RSUB_S:
			kt->rsub_s(dst, x, a, n);
			break;
		case FK_KOP_MUL_S:
			kt->mul_s(dst, x, a, n);
			break;
		case FK_KOP_DIV_S:
			kt->div_s(dst, x, a, n);
			break;
		case FK_KOP_RDIV_S:
			kt->rdiv_s(dst, x, a, n);
			break;
		case FK_KOP_SCALE_ADD:
			kt->scale_add(dst, x, a, b, n);
			break;
		case FK_KOP_LN_SCALE_ADD:
			kt->ln_scale_add(dst, x, a, b, n);
			break;
		case FK_KOP_SUB_MUL_ADD:
			kt->sub_mul_add(dst, x, y, a, b, n);
			break;
		case FK_KOP_DLOG:
		case FK_KOP_DIFF:
		case FK_KOP_DLOG_SCALE_ADD:
		case FK_KOP_COUNT:
			/* lagged ops need the operand lag elements back: not here */
			break;
	}
}
