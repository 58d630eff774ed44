/*
 * pg_kernels_fault.c
 *		What a vector function does with an element core float8 would
 *		reject: its on_error argument, and core's error for the faults the
 *		checks find.
 *
 * What a call does with a faulty element is its on_error argument, not a
 * setting: the functions are IMMUTABLE, so the same arguments must give the
 * same result in an index, a plan cache or another session.
 */
#include "postgres.h"

#include "common/shortest_dec.h"
#include "utils/builtins.h"

#include "kernels/pg_kernels.h"

/* The on_error argument argno of fcinfo: 'error' or 'null' */
FkOnError
FkGetOnError(FunctionCallInfo fcinfo, int argno)
{
	text	   *t = PG_GETARG_TEXT_PP(argno);
	FkOnError	mode;

	if (FkOnErrorParse(VARDATA_ANY(t), VARSIZE_ANY_EXHDR(t), &mode))
		return mode;
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
			 errmsg("invalid value for on_error: \"%s\"", text_to_cstring(t)),
			 errdetail("Allowed values are \"error\" and \"null\", in any letter case.")));
	return FK_ON_ERROR_ERROR;	/* keep the compiler quiet */
}

/*
 * Error out unless q is a quantile, 0 to 1, as percentile_cont does (22003);
 * func names the function whose argument q is.  q is written with the
 * shortest digits that read back as it (float8out's), whatever
 * extra_float_digits: 1.0000000000000002 is not "1".
 */
void
FkCheckQuantile(double q, const char *func)
{
	if (!(q >= 0.0 && q <= 1.0))
		ereport(ERROR,
				(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
				 errmsg("quantile %s is not between 0 and 1",
						double_to_shortest_decimal(q)),
				 errdetail("The argument q of %s() must lie between 0 and 1.",
						   func)));
}

/* Set while a fused call runs its named kernel directly (pg_kernels.h) */
const FkFaultSpelling *FkFaultSpelled = NULL;

/* The vectors of the fused program that site->which names */
static const char *
FkSpelledWhich(const FkFaultSpelling *sp, const char *which)
{
	if (strcmp(which, "first argument") == 0)
		return sp->x;
	if (strcmp(which, "second argument") == 0 && sp->y != NULL)
		return sp->y;
	if (sp->y != NULL)
		return psprintf("%s and %s", sp->x, sp->y);
	return sp->x;
}

/*
 * Raise the error core float8 raises for fault f (same SQLSTATE and
 * message), naming the element (1-based) and the argument it comes from,
 * with a hint at the call that gives NULL instead (when the function has
 * an on_error argument: site->args is NULL for those without).
 */
void
FkReportFault(FkFault f, const FkFaultSite *site)
{
	int			code;
	const char *msg;

	switch (f)
	{
		case FK_FAULT_LOG_ZERO:
			code = ERRCODE_INVALID_ARGUMENT_FOR_LOG;
			msg = "cannot take logarithm of zero";
			break;
		case FK_FAULT_LOG_NEGATIVE:
			code = ERRCODE_INVALID_ARGUMENT_FOR_LOG;
			msg = "cannot take logarithm of a negative number";
			break;
		case FK_FAULT_SQRT_NEGATIVE:
			code = ERRCODE_INVALID_ARGUMENT_FOR_POWER_FUNCTION;
			msg = "cannot take square root of a negative number";
			break;
		case FK_FAULT_DIV_ZERO:
			code = ERRCODE_DIVISION_BY_ZERO;
			msg = "division by zero";
			break;
		case FK_FAULT_OVERFLOW:
			code = ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE;
			msg = "value out of range: overflow";
			break;
		case FK_FAULT_UNDERFLOW:
			code = ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE;
			msg = "value out of range: underflow";
			break;
		case FK_FAULT_INPUT_RANGE:
			code = ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE;
			msg = "input is out of range";
			break;
		case FK_FAULT_POW_ZERO_NEGATIVE:
			code = ERRCODE_INVALID_ARGUMENT_FOR_POWER_FUNCTION;
			msg = "zero raised to a negative power is undefined";
			break;
		case FK_FAULT_POW_NEGATIVE_FRAC:
			code = ERRCODE_INVALID_ARGUMENT_FOR_POWER_FUNCTION;
			msg = "a negative number raised to a non-integer power yields a complex result";
			break;
		default:
			elog(ERROR, "unexpected fault %d", (int) f);
	}
	if (FkFaultSpelled != NULL)
		ereport(ERROR,
				(errcode(code),
				 errmsg_internal("%s", msg),
				 errdetail("The error comes from element %zu of %s in %s.",
						   site->index + 1,
						   FkSpelledWhich(FkFaultSpelled, site->which),
						   FkFaultSpelled->program),
				 errhint("Give each call in %s on_error 'null' (for an operator, call its function: vadd, vsub, vmul, vdiv) to get NULL for such elements instead.",
						 FkFaultSpelled->program)));
	ereport(ERROR,
			(errcode(code),
			 errmsg_internal("%s", msg),
			 errdetail("The error comes from element %zu of the %s of %s().",
					   site->index + 1, site->which, site->func),
			 site->args ? errhint("Call %s(%s, 'null') to get NULL for such elements instead.",
								  site->func, site->args) : 0));
}
