/*
 * ops_catalog.h
 *		The catalogue of fusekern's vector operations: one row per operation
 *		in one argument shape.  Every enum, table, switch and name list of
 *		the operations derives from these rows (docs/internals.md).
 *
 * FK_SHAPES(S) lists the argument shapes, S(SHAPE, kinds, argnames):
 *	kinds		the argument kinds: v vector, s float8 scalar, l int4 lag
 *	argnames	the arguments as error messages name them
 *
 * FK_OPERATIONS(X) lists the operations, X(OP, field, kern, name, infix,
 * shape, kind, body, ln_first, check, scalars, chain, fuse, f8, nv, f8nv,
 * nvf8):
 *	OP			FK_KOP_<OP> (core/ops.h), FK_OP_<OP> (kern_body.h)
 *	field		its member of FkKernelTable (core/kernels.h)
 *	kern		its kernel function, suffixed per instruction set
 *	name		the SQL function name
 *	infix		its operator in program text, or NULL
 *	shape		an FK_SHAPES row
 *	kind		streaming kind: ELEMENTWISE (kern_body.h writes its kernel
 *				from body) or LAGGED (dst[i] from x[i] and x[i - lag]: a
 *				kernel written in kern_body.h, a ring in the fused evaluator)
 *	body		ELEMENTWISE: one vector of results from the vectors x, y and
 *				the broadcast scalars a, b (the scalar of VS and SV is a)
 *	ln_first	1: the input is checked as ln(v) checks it, before anything
 *				else (chains that start with ln; their check then reads
 *				ln(v), or the difference of logs, as its x)
 *	check		the FkCheckOp (core/checks.h) of the faults core float8
 *				would raise, on the operands and the result; NONE: none
 *	scalars		what the scalars a, b must satisfy, whatever the vectors:
 *				ANY, or ORDERED (a <= b, neither NaN; else 22023)
 *	chain		1: a fused kernel standing for a chain of other rows
 *	fuse		1: the planner fuses its calls with their neighbours
 *	f8, nv		the C symbols of its float8[] and nvec SQL entry points
 *	f8nv, nvf8	shapes of two vectors: those of (float8[], nvec) and
 *				(nvec, float8[]); others write _ (no such entry point)
 *
 * An operation faults when ln_first is 1 or check is not NONE; then its SQL
 * functions take the on_error argument.  SQL functions find their entry
 * point by the C symbol (AS 'MODULE_PATHNAME', 'ln_nvec'), and the fusion
 * catalogue (pg_fuse_catalog.c) classifies them by that symbol.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_OPS_CATALOG_H
#define FK_OPS_CATALOG_H

#define FK_SHAPES(S) \
	S(V, "v", "v") \
	S(VV, "vv", "x, y") \
	S(VS, "vs", "x, y") \
	S(SV, "sv", "x, y") \
	S(VSS, "vss", "v, a, b") \
	S(VL, "vl", "v, lag") \
	S(VLSS, "vlss", "v, lag, a, b") \
	S(VVSS, "vvss", "x, y, a, b")

/*
 * SLEEF's deterministic u10 functions of one argument that bodies use,
 * F(Name, sleef): each instruction-set file defines FkV<Name>Raw(x) as
 * Sleef_finz_<sleef>d<lanes>_u10<isa> (cinz ... purec on a CPU without
 * FMA), so every path gives the same bits.
 */
#define FK_SLEEF_FUNCTIONS(F) \
	F(Ln, log) \
	F(Exp, exp) \
	F(Log10, log10)

#define FK_OPERATIONS(X) \
	X(LN, ln, FkLn, "ln", NULL, V, ELEMENTWISE, \
	  FkVLn(x), 0, LN, ANY, 0, 1, \
	  ln_float8arr, ln_nvec, _, _) \
	X(LOG10, log10, FkLog10, "log10", NULL, V, ELEMENTWISE, \
	  FkVLogFix(x, FkVLog10Raw(x)), 0, LN, ANY, 0, 1, \
	  log10_float8arr, log10_nvec, _, _) \
	X(EXP, exp, FkExp, "exp", NULL, V, ELEMENTWISE, \
	  FkVExp(x), 0, EXP, ANY, 0, 1, \
	  exp_float8arr, exp_nvec, _, _) \
	X(SQRT, sqrt, FkSqrt, "sqrt", NULL, V, ELEMENTWISE, \
	  FkVSqrt(x), 0, SQRT, ANY, 0, 1, \
	  sqrt_float8arr, sqrt_nvec, _, _) \
	X(ABS, abs, FkAbs, "abs", NULL, V, ELEMENTWISE, \
	  FkVAbs(x), 0, NONE, ANY, 0, 1, \
	  abs_float8arr, abs_nvec, _, _) \
	X(NEG, neg, FkNeg, "vneg", "-", V, ELEMENTWISE, \
	  FkVNeg(x), 0, NONE, ANY, 0, 1, \
	  neg_float8arr, neg_nvec, _, _) \
	X(ADD, add, FkAdd, "vadd", "+", VV, ELEMENTWISE, \
	  FkVAdd(x, y), 0, ADD, ANY, 0, 1, \
	  add_float8arr, add_nvec, add_float8arr_nvec, add_nvec_float8arr) \
	X(SUB, sub, FkSub, "vsub", "-", VV, ELEMENTWISE, \
	  FkVSub(x, y), 0, ADD, ANY, 0, 1, \
	  sub_float8arr, sub_nvec, sub_float8arr_nvec, sub_nvec_float8arr) \
	X(MUL, mul, FkMul, "vmul", "*", VV, ELEMENTWISE, \
	  FkVMul(x, y), 0, MUL, ANY, 0, 1, \
	  mul_float8arr, mul_nvec, mul_float8arr_nvec, mul_nvec_float8arr) \
	X(DIV, div, FkDiv, "vdiv", "/", VV, ELEMENTWISE, \
	  FkVDiv(x, y), 0, DIV, ANY, 0, 1, \
	  div_float8arr, div_nvec, div_float8arr_nvec, div_nvec_float8arr) \
	X(ADD_S, add_s, FkAddS, "vadd", "+", VS, ELEMENTWISE, \
	  FkVAdd(x, a), 0, ADD_S, ANY, 0, 1, \
	  add_float8arr_s, add_nvec_s, _, _) \
	X(RADD_S, radd_s, FkRaddS, "vadd", "+", SV, ELEMENTWISE, \
	  FkVAdd(x, a), 0, ADD_S, ANY, 0, 1, \
	  add_float8arr_rs, add_nvec_rs, _, _) \
	X(SUB_S, sub_s, FkSubS, "vsub", "-", VS, ELEMENTWISE, \
	  FkVSub(x, a), 0, ADD_S, ANY, 0, 1, \
	  sub_float8arr_s, sub_nvec_s, _, _) \
	X(RSUB_S, rsub_s, FkRsubS, "vsub", "-", SV, ELEMENTWISE, \
	  FkVSub(a, x), 0, ADD_S, ANY, 0, 1, \
	  sub_float8arr_rs, sub_nvec_rs, _, _) \
	X(MUL_S, mul_s, FkMulS, "vmul", "*", VS, ELEMENTWISE, \
	  FkVMul(x, a), 0, MUL_S, ANY, 0, 1, \
	  mul_float8arr_s, mul_nvec_s, _, _) \
	X(RMUL_S, rmul_s, FkRmulS, "vmul", "*", SV, ELEMENTWISE, \
	  FkVMul(x, a), 0, MUL_S, ANY, 0, 1, \
	  mul_float8arr_rs, mul_nvec_rs, _, _) \
	X(DIV_S, div_s, FkDivS, "vdiv", "/", VS, ELEMENTWISE, \
	  FkVDiv(x, a), 0, DIV_S, ANY, 0, 1, \
	  div_float8arr_s, div_nvec_s, _, _) \
	X(RDIV_S, rdiv_s, FkRdivS, "vdiv", "/", SV, ELEMENTWISE, \
	  FkVDiv(a, x), 0, RDIV_S, ANY, 0, 1, \
	  div_float8arr_rs, div_nvec_rs, _, _) \
	X(CLIP, clip, FkClip, "clip", NULL, VSS, ELEMENTWISE, \
	  FkVSelLt(x, a, a, FkVSelGt(x, b, b, x)), 0, NONE, ORDERED, 0, 1, \
	  clip_float8arr, clip_nvec, _, _) \
	X(SCALE_ADD, scale_add, FkScaleAdd, "scale_add", NULL, VSS, ELEMENTWISE, \
	  FkVAdd(FkVMul(x, a), b), 0, SCALE_ADD, ANY, 0, 1, \
	  scale_add_float8arr, scale_add_nvec, _, _) \
	X(LN_SCALE_ADD, ln_scale_add, FkLnScaleAdd, "ln_scale_add", NULL, VSS, \
	  ELEMENTWISE, FkVAdd(FkVMul(FkVLn(x), a), b), 1, SCALE_ADD, ANY, 1, 1, \
	  ln_scale_add_float8arr, ln_scale_add_nvec, _, _) \
	X(SUB_MUL_ADD, sub_mul_add, FkSubMulAdd, "sub_mul_add", NULL, VVSS, \
	  ELEMENTWISE, FkVAdd(FkVMul(FkVSub(x, y), a), b), 0, SUB_MUL_ADD, ANY, \
	  1, 1, \
	  sub_mul_add_float8arr, sub_mul_add_nvec, sub_mul_add_float8arr_nvec, \
	  sub_mul_add_nvec_float8arr) \
	X(DLOG, dlog, FkDlog, "dlog", NULL, VL, LAGGED, \
	  x, 1, NONE, ANY, 0, 1, \
	  dlog_float8arr, dlog_nvec, _, _) \
	X(DIFF, diff, FkDiff, "diff", NULL, VL, LAGGED, \
	  x, 0, ADD, ANY, 0, 1, \
	  diff_float8arr, diff_nvec, _, _) \
	X(DLOG_SCALE_ADD, dlog_scale_add, FkDlogScaleAdd, "dlog_scale_add", NULL, \
	  VLSS, LAGGED, x, 1, SCALE_ADD, ANY, 1, 1, \
	  dlog_scale_add_float8arr, dlog_scale_add_nvec, _, _)

/*
 * FK_STREAMS(S) lists the running and rolling operations the fused
 * evaluator runs as stateful instructions (their state carried from block
 * to block), S(OP, name, shape, kind, code, scalars, faults, f8, nv):
 *	OP			FK_SOP_<OP> (core/ops.h), an operation code after the
 *				FK_OPERATIONS ones: FkOps[] has a row for it
 *	name		the SQL function name
 *	shape		an FK_SHAPES row: V, VS (ema's alpha, fill_null's value), or
 *				VL (a rolling window w, min_count w: the form of two
 *				arguments; the form with min_count is not fused; shift's k)
 *	kind		streaming kind: RUNNING (out[i] from x[0 .. i] through a
 *				fixed-size state, core/series_running.h) or ROLLING (from
 *				the window x[i - w + 1 .. i], core/series_rolling.h: a state
 *				of O(min(w, n)) memory) or SHIFT (out[i] = x[i - k], k >= 0:
 *				a ring of min(k, n) values; k < 0, a lead, cannot stream and
 *				is evaluated unfused)
 *	code		its FkRunningOp or FkRollOp (SHIFT: 0)
 *	scalars		what its scalar must satisfy: ANY, or ALPHA (0 < a <= 1;
 *				else the unfused call raises its error)
 *	faults		1: its values can overflow (or underflow), and the call
 *				then raises core's error
 *	f8, nv		the C symbols of its float8[] and nvec SQL entry points
 *
 * They never fault element by element (no on_error); an overflow (cumsum,
 * cumprod, ema, a rolling sum) stops the fused pass, and the unfused
 * evaluation raises core's error.
 */
#define FK_STREAMS(S) \
	S(CUMSUM, "cumsum", V, RUNNING, FK_RUN_CUMSUM, ANY, 1, cumsum_float8arr, \
	  cumsum_nvec) \
	S(CUMPROD, "cumprod", V, RUNNING, FK_RUN_CUMPROD, ANY, 1, \
	  cumprod_float8arr, cumprod_nvec) \
	S(CUMMAX, "cummax", V, RUNNING, FK_RUN_CUMMAX, ANY, 0, cummax_float8arr, \
	  cummax_nvec) \
	S(CUMMIN, "cummin", V, RUNNING, FK_RUN_CUMMIN, ANY, 0, cummin_float8arr, \
	  cummin_nvec) \
	S(EMA, "ema", VS, RUNNING, FK_RUN_EMA, ALPHA, 1, ema_float8arr, ema_nvec) \
	S(FILL_FORWARD, "fill_forward", V, RUNNING, FK_RUN_FILL_FORWARD, ANY, 0, \
	  fill_forward_float8arr, fill_forward_nvec) \
	S(FILL_NULL, "fill_null", VS, RUNNING, FK_RUN_FILL_NULL, ANY, 0, \
	  fill_null_float8arr, fill_null_nvec) \
	S(ROLLING_SUM, "rolling_sum", VL, ROLLING, FK_ROLL_SUM, ANY, 1, \
	  rolling_sum_float8arr, rolling_sum_nvec) \
	S(ROLLING_MEAN, "rolling_mean", VL, ROLLING, FK_ROLL_MEAN, ANY, 1, \
	  rolling_mean_float8arr, rolling_mean_nvec) \
	S(ROLLING_STDDEV, "rolling_stddev", VL, ROLLING, FK_ROLL_STDDEV, ANY, 1, \
	  rolling_stddev_float8arr, rolling_stddev_nvec) \
	S(ROLLING_MIN, "rolling_min", VL, ROLLING, FK_ROLL_MIN, ANY, 0, \
	  rolling_min_float8arr, rolling_min_nvec) \
	S(ROLLING_MAX, "rolling_max", VL, ROLLING, FK_ROLL_MAX, ANY, 0, \
	  rolling_max_float8arr, rolling_max_nvec) \
	S(ROLLING_COUNT, "rolling_count", VL, ROLLING, FK_ROLL_COUNT, ANY, 0, \
	  rolling_count_float8arr, rolling_count_nvec) \
	S(SHIFT, "shift", VL, SHIFT, 0, ANY, 0, shift_float8arr, shift_nvec)

/*
 * FK_REDUCTIONS(R) lists the reductions a fused program may end with,
 * R(RED, name, shape, kind, acc, faults, f8, nv):
 *	RED			FK_ROP_<RED> (core/ops.h)
 *	name		the SQL function name
 *	shape		an FK_SHAPES row: V (one vector) or VV (vdot)
 *	kind		streaming kind: REDUCE (a sink: blocks flow into a fixed-size
 *				accumulator, no vector is built)
 *	acc			its accumulator, an FkReduceKind (core/series_reduce.h)
 *				without the FK_RED_ prefix; vdot's is SUM over the products
 *	faults		1: a sum of finite values can overflow, and the call then
 *				raises core's error
 *	f8, nv		the C symbols of its float8[] and nvec SQL entry points
 *
 * vcount is not here: it returns bigint, and its operand's NULLs alone
 * decide it.
 */
#define FK_REDUCTIONS(R) \
	R(SUM, "vsum", V, REDUCE, SUM, 1, vsum_float8arr, vsum_nvec) \
	R(MEAN, "vmean", V, REDUCE, MEAN, 1, vmean_float8arr, vmean_nvec) \
	R(MIN, "vmin", V, REDUCE, MIN, 0, vmin_float8arr, vmin_nvec) \
	R(MAX, "vmax", V, REDUCE, MAX, 0, vmax_float8arr, vmax_nvec) \
	R(PROD, "vprod", V, REDUCE, PROD, 0, vprod_float8arr, vprod_nvec) \
	R(VAR, "vvar", V, REDUCE, VAR, 1, vvar_float8arr, vvar_nvec) \
	R(STDDEV, "vstddev", V, REDUCE, STDDEV, 1, vstddev_float8arr, vstddev_nvec) \
	R(VAR_POP, "vvar_pop", V, REDUCE, VAR_POP, 1, vvar_pop_float8arr, \
	  vvar_pop_nvec) \
	R(STDDEV_POP, "vstddev_pop", V, REDUCE, STDDEV_POP, 1, \
	  vstddev_pop_float8arr, vstddev_pop_nvec) \
	R(DOT, "vdot", VV, REDUCE, SUM, 1, vdot_float8arr, vdot_nvec)

#endif							/* FK_OPS_CATALOG_H */
