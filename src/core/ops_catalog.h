/*
 * ops_catalog.h
 *		The catalogue of fusekern's vector operations: one row per operation
 *		in one argument shape.  Every enum, table, switch and name list of
 *		the operations, and the SQL that creates their functions, operators
 *		and comments (src/tools/gen_sql.c), derive from these rows
 *		(docs/internals.md).
 *
 * A row starts with the tokens the C code is written from, in a fixed order
 * that a mistake cannot keep compiling (each is looked up by name), and
 * goes on with designated initialisers of its FkOpInfo (core/ops.h): what
 * it says by name, and every yes/no as a flag FK_OPF_*.
 *
 * FK_SHAPES(S) lists the argument shapes; the signature of each is one row
 * FK_SIG_<SHAPE>(F) = F(SHAPE, kinds, argnames, params, args, map, entries):
 *	kinds		the argument kinds: v vector, s float8 scalar, l int4 lag,
 *				t timestamptz[] times, d interval duration
 *	argnames	the arguments as error messages name them
 *	params		the parameters of its primitive (FkKern<SHAPE>, kernels.h)
 *	args		the call of its primitive, with those names
 *	map			elementwise shapes: the operands x, y, y_is_vec, a, b of
 *				FkMap (kern_body.h) in those names; lagged shapes with a
 *				kernel: its scalars a, b
 *	entries		ONE: SQL entry points over one vector type each; TWO: also
 *				over one vector of each type (float8[], nvec) and (nvec,
 *				float8[]), returning nvec
 *
 * FK_OPERATIONS(X) lists the operations, X(OP, field, kern, shape, kind,
 * body, sym, sfx, ...): the tokens
 *	OP			FK_KOP_<OP> (core/ops.h)
 *	field		its member of FkKernelTable (core/kernels.h)
 *	kern		its kernel function, suffixed per instruction set
 *	shape		an FK_SHAPES row
 *	kind		streaming kind: ELEMENTWISE or LAGGED (dst[i] from x[i] and
 *				x[i - lag]: a ring in the fused evaluator); kern_body.h
 *				writes the kernel of either from body
 *	body		one vector of results from the vectors x, y and the
 *				broadcast scalars a, b (the scalar of VS and SV is a);
 *				LAGGED: from x[i] (x) and x[i - lag] (y), or their logs when
 *				the row is FK_OPF_LN_FIRST (whose kernel computes each ln
 *				once: a difference of logs, times a plus b when the shape
 *				has scalars)
 *	sym, sfx	its C entry points are sym_float8arr##sfx and sym_nvec##sfx,
 *				and for a shape of two vectors sym_float8arr_nvec and
 *				sym_nvec_float8arr
 * then the designated initialisers:
 *	.name		the SQL function name
 *	.infix		its operator in program text and SQL, or none
 *	.check		the FkCheckOp (core/checks.h) of the faults core float8
 *				would raise, on the operands and the result; none: none
 *	.scalars	what the scalars a, b must satisfy, whatever the vectors:
 *				FK_SCALARS_ORDERED (a <= b, neither NaN; else 22023); none:
 *				anything
 *	.flags		FK_OPF_LN_FIRST: the input is checked as ln(v) checks it,
 *				before anything else (chains that start with ln; their check
 *				then reads ln(v), or the difference of logs, as its x);
 *				FK_OPF_CHAIN: a fused kernel standing for a chain of other
 *				rows; FK_OPF_COMMUTES: its operator is its own commutator;
 *				FK_OPF_COSTLY: a body costly enough (a transcendental) that
 *				a two-phase fused program computes it once for both phases;
 *				FK_OPF_EITHER: an element of the result is present where
 *				either operand is, the present one standing for the absent
 *				one (core's greatest and least), so the driver fills the
 *				absent operands before the body runs; such a row is not
 *				fused (the fused evaluator has the one rule: all present)
 *	.args		the SQL argument names, with DEFAULT where there is one, as
 *				CREATE FUNCTION writes them; none: the shape's argnames
 *	.doc		what it does: the COMMENT of its operator; that of its
 *				function adds "(the + operator)"
 *	.doc_on_error	the same in short for the COMMENT of its on_error form
 *
 * An operation faults when it is FK_OPF_LN_FIRST or has a check; then its
 * SQL functions take the on_error argument.  Every function is IMMUTABLE
 * STRICT PARALLEL SAFE, and those of one vector type name the planner
 * support function (the mixed ones are not fused).  SQL functions find
 * their entry point by the C symbol (AS 'MODULE_PATHNAME', 'ln_nvec'), and
 * the fusion catalogue (pg_fuse_catalog.c) classifies them by that symbol.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_OPS_CATALOG_H
#define FK_OPS_CATALOG_H

#define FK_SIG_V(F) \
	F(V, "v", "v", (double *dst, const double *x, size_t n), (dst, x, n), \
	  (x, NULL, 0, 0.0, 0.0), ONE)
#define FK_SIG_VV(F) \
	F(VV, "vv", "x, y", \
	  (double *dst, const double *x, const double *y, size_t n), \
	  (dst, x, y, n), (x, y, 1, 0.0, 0.0), TWO)
#define FK_SIG_VS(F) \
	F(VS, "vs", "x, y", (double *dst, const double *x, double a, size_t n), \
	  (dst, x, a, n), (x, NULL, 0, a, 0.0), ONE)
#define FK_SIG_SV(F) \
	F(SV, "sv", "x, y", (double *dst, const double *x, double a, size_t n), \
	  (dst, x, a, n), (x, NULL, 0, a, 0.0), ONE)
#define FK_SIG_VSS(F) \
	F(VSS, "vss", "v, a, b", \
	  (double *dst, const double *x, double a, double b, size_t n), \
	  (dst, x, a, b, n), (x, NULL, 0, a, b), ONE)
#define FK_SIG_VL(F) \
	F(VL, "vl", "v, lag", \
	  (double *dst, const double *x, size_t lag, size_t n), \
	  (dst, x, lag, n), (0.0, 0.0), ONE)
#define FK_SIG_VLSS(F) \
	F(VLSS, "vlss", "v, lag, a, b", \
	  (double *dst, const double *x, size_t lag, double a, double b, \
	   size_t n), (dst, x, lag, a, b, n), (a, b), ONE)
#define FK_SIG_VLS(F) \
	F(VLS, "vls", "v, w, q", \
	  (double *dst, const double *x, size_t lag, double a, size_t n), \
	  (dst, x, lag, a, n), (), ONE)
#define FK_SIG_VTDL(F) \
	F(VTDL, "vtdl", "v, ts, w, min_count", (void), (), (), ONE)
#define FK_SIG_VTDSL(F) \
	F(VTDSL, "vtdsl", "v, ts, w, q, min_count", (void), (), (), ONE)
#define FK_SIG_VVSS(F) \
	F(VVSS, "vvss", "x, y, a, b", \
	  (double *dst, const double *x, const double *y, double a, double b, \
	   size_t n), (dst, x, y, a, b, n), (x, y, 1, a, b), TWO)

#define FK_SHAPES(S) \
	FK_SIG_V(S) FK_SIG_VV(S) FK_SIG_VS(S) FK_SIG_SV(S) FK_SIG_VSS(S) \
	FK_SIG_VL(S) FK_SIG_VLSS(S) FK_SIG_VVSS(S) FK_SIG_VLS(S) FK_SIG_VTDL(S) \
	FK_SIG_VTDSL(S)

/* One column of a shape's signature: FK_SIG_V(FK_SIG_PARAMS) */
#define FK_SIG_PARAMS(S, k, an, params, args, map, entries) params
#define FK_SIG_ARGS(S, k, an, params, args, map, entries) args
#define FK_SIG_MAP(S, k, an, params, args, map, entries) map
#define FK_SIG_ENTRIES(S, k, an, params, args, map, entries) entries

/* A parenthesised list without its parentheses: FK_EXPAND (a, b) */
#define FK_EXPAND(...) __VA_ARGS__

/*
 * SLEEF's deterministic u10 functions of one argument that bodies use (the
 * kernels', and GELU's tanh), F(Name, sleef): each instruction set's header
 * defines FkV<Name>Raw(x) as Sleef_finz_<sleef>d<lanes>_u10<isa> (cinz ...
 * purec on a CPU without FMA), so every path gives the same bits.
 */
#define FK_SLEEF_FUNCTIONS(F) \
	F(Ln, log) \
	F(Exp, exp) \
	F(Log10, log10) \
	F(Cbrt, cbrt) \
	F(Tanh, tanh) \
	F(Sin, sin) \
	F(Cos, cos) \
	F(Tan, tan) \
	F(Log1p, log1p) \
	F(Expm1, expm1) \
	F(Log2, log2)

/* The same for SLEEF's functions of two arguments: FkV<Name>Raw(x, y) */
#define FK_SLEEF_FUNCTIONS2(F) \
	F(Pow, pow) \
	F(Atan2, atan2)

/* The comments of the four arithmetic operators and their scalar forms */
#define FK_DOC_VV(what, op) \
	"elementwise " what " x " op " y of two vectors of the same length"
#define FK_DOC_VS(op) "each element of x " op " the float8 y"
#define FK_DOC_SV(op) "the float8 x " op " each element of y"

#define FK_OPERATIONS(X) \
	X(LN, ln, FkLn, V, ELEMENTWISE, FkVLn(x), ln, , \
	  .name = "ln", .flags = FK_OPF_COSTLY, .check = FK_CHECK_LN, \
	  .doc = "natural logarithm of each element", \
	  .doc_on_error = "natural logarithm of each element") \
	X(LOG10, log10, FkLog10, V, ELEMENTWISE, FkVLogFix(x, FkVLog10Raw(x)), \
	  log10, , \
	  .name = "log10", .flags = FK_OPF_COSTLY, .check = FK_CHECK_LN, \
	  .doc = "base-10 logarithm of each element", \
	  .doc_on_error = "base-10 logarithm of each element") \
	X(LOG2, log2, FkLog2, V, ELEMENTWISE, FkVLogFix(x, FkVLog2Raw(x)), \
	  log2, , \
	  .name = "log2", .flags = FK_OPF_COSTLY, .check = FK_CHECK_LN, \
	  .doc = "base-2 logarithm of each element", \
	  .doc_on_error = "base-2 logarithm of each element") \
	X(CBRT, cbrt, FkCbrt, V, ELEMENTWISE, FkVCbrtRaw(x), cbrt, , \
	  .name = "cbrt", .flags = FK_OPF_COSTLY, \
	  .doc = "cube root of each element") \
	X(EXP, exp, FkExp, V, ELEMENTWISE, FkVExp(x), exp, , \
	  .name = "exp", .flags = FK_OPF_COSTLY, .check = FK_CHECK_EXP, \
	  .doc = "e raised to the power of each element", \
	  .doc_on_error = "e raised to each element") \
	X(SQRT, sqrt, FkSqrt, V, ELEMENTWISE, FkVSqrt(x), sqrt, , \
	  .name = "sqrt", .flags = FK_OPF_COSTLY, .check = FK_CHECK_SQRT, \
	  .doc = "square root of each element", \
	  .doc_on_error = "square root of each element") \
	X(ABS, abs, FkAbs, V, ELEMENTWISE, FkVAbs(x), abs, , \
	  .name = "abs", .doc = "absolute value of each element") \
	X(NEG, neg, FkNeg, V, ELEMENTWISE, FkVNeg(x), neg, , \
	  .name = "vneg", .infix = "-", .doc = "each element negated") \
	X(TRUNC, trunc, FkTrunc, V, ELEMENTWISE, FkVTrunc(x), trunc, , \
	  .name = "trunc", \
	  .doc = "each element truncated toward zero (as trunc(float8))") \
	X(FLOOR, floor, FkFloor, V, ELEMENTWISE, FkVFloor(x), floor, , \
	  .name = "floor", \
	  .doc = "largest integer not greater than each element (as " \
	  "floor(float8))") \
	X(CEIL, ceil, FkCeil, V, ELEMENTWISE, FkVCeil(x), ceil, , \
	  .name = "ceil", \
	  .doc = "smallest integer not less than each element (as ceil(float8))") \
	X(ROUND, round, FkRound, V, ELEMENTWISE, FkVRint(x), round, , \
	  .name = "round", \
	  .doc = "each element rounded to the nearest integer, halves to even " \
	  "(as round(float8))") \
	X(SIGN, sign, FkSign, V, ELEMENTWISE, \
	  FkVSelGt(x, FkVSet1(0.0), FkVSet1(1.0), \
			   FkVSelLt(x, FkVSet1(0.0), FkVSet1(-1.0), FkVSet1(0.0))), \
	  sign, , \
	  .name = "sign", \
	  .doc = "sign of each element: -1, 0 or 1 (0 for -0 and NaN, as " \
	  "sign(float8))") \
	X(TANH, tanh, FkTanh, V, ELEMENTWISE, FkVTanhRaw(x), tanh, , \
	  .name = "tanh", .flags = FK_OPF_COSTLY, \
	  .doc = "hyperbolic tangent of each element") \
	X(SIN, sin, FkSin, V, ELEMENTWISE, FkVSinRaw(x), sin, , \
	  .name = "sin", .flags = FK_OPF_COSTLY, .check = FK_CHECK_TRIG, \
	  .doc = "sine of each element (radians)", \
	  .doc_on_error = "sine of each element") \
	X(COS, cos, FkCos, V, ELEMENTWISE, FkVCosRaw(x), cos, , \
	  .name = "cos", .flags = FK_OPF_COSTLY, .check = FK_CHECK_TRIG, \
	  .doc = "cosine of each element (radians)", \
	  .doc_on_error = "cosine of each element") \
	X(TAN, tan, FkTan, V, ELEMENTWISE, FkVTiny(x, FkVTanRaw(x)), tan, , \
	  .name = "tan", .flags = FK_OPF_COSTLY, .check = FK_CHECK_TRIG, \
	  .doc = "tangent of each element (radians)", \
	  .doc_on_error = "tangent of each element") \
	X(LOG1P, log1p, FkLog1p, V, ELEMENTWISE, FkVLog1p(x), log1p, , \
	  .name = "log1p", .flags = FK_OPF_COSTLY, .check = FK_CHECK_LN1P, \
	  .doc = "ln(1 + v) of each element, accurate for v near 0; v <= -1 " \
	  "raises ln's error", \
	  .doc_on_error = "ln(1 + v) of each element") \
	X(EXPM1, expm1, FkExpm1, V, ELEMENTWISE, FkVExpm1(x), expm1, , \
	  .name = "expm1", .flags = FK_OPF_COSTLY, .check = FK_CHECK_EXPM1, \
	  .doc = "exp(v) - 1 of each element, accurate for v near 0", \
	  .doc_on_error = "exp(v) - 1 of each element") \
	X(POW, pow, FkPow, VV, ELEMENTWISE, FkVPow(x, y), power, , \
	  .name = "power", .flags = FK_OPF_COSTLY, .check = FK_CHECK_POW, \
	  .doc = "x raised to the power y elementwise (as power(float8, " \
	  "float8))", \
	  .doc_on_error = "x raised to the power y elementwise") \
	X(POW_S, pow_s, FkPowS, VS, ELEMENTWISE, FkVPow(x, a), power, _s, \
	  .name = "power", .flags = FK_OPF_COSTLY, .check = FK_CHECK_POW_S, \
	  .doc = "each element of x raised to the power of the float8 y (as " \
	  "power(float8, float8))", \
	  .doc_on_error = "each element of x raised to the power y") \
	X(ATAN2, atan2, FkAtan2, VV, ELEMENTWISE, FkVAtan2(x, y), atan2, , \
	  .name = "atan2", .flags = FK_OPF_COSTLY, \
	  .doc = "arctangent of x / y elementwise, in the quadrant of (y, x) " \
	  "(radians, as atan2(float8, float8))") \
	X(ATAN2_S, atan2_s, FkAtan2S, VS, ELEMENTWISE, FkVAtan2(x, a), atan2, \
	  _s, \
	  .name = "atan2", .flags = FK_OPF_COSTLY, \
	  .doc = "arctangent of each element of x over the float8 y, in the " \
	  "quadrant of (y, x) (radians, as atan2(float8, float8))") \
	X(VGREATEST, vgreatest, FkVgreatest, VV, ELEMENTWISE, \
	  FkVGreatest(x, y), vgreatest, , \
	  .name = "vgreatest", .flags = FK_OPF_EITHER, \
	  .doc = "elementwise greatest(x, y) of two vectors: NaN above every " \
	  "number, a NULL element ignored (NULL when both are), the first on " \
	  "a tie (as greatest(float8, float8))") \
	X(VGREATEST_S, vgreatest_s, FkVgreatestS, VS, ELEMENTWISE, \
	  FkVGreatest(x, a), vgreatest, _s, \
	  .name = "vgreatest", .flags = FK_OPF_EITHER, \
	  .doc = "greatest(x, y) of each element of x and the float8 y: NaN " \
	  "above every number, y for a NULL element, the element on a tie " \
	  "(as greatest(float8, float8))") \
	X(VLEAST, vleast, FkVleast, VV, ELEMENTWISE, FkVLeast(x, y), vleast, , \
	  .name = "vleast", .flags = FK_OPF_EITHER, \
	  .doc = "elementwise least(x, y) of two vectors: NaN above every " \
	  "number, a NULL element ignored (NULL when both are), the first on " \
	  "a tie (as least(float8, float8))") \
	X(VLEAST_S, vleast_s, FkVleastS, VS, ELEMENTWISE, FkVLeast(x, a), \
	  vleast, _s, \
	  .name = "vleast", .flags = FK_OPF_EITHER, \
	  .doc = "least(x, y) of each element of x and the float8 y: NaN " \
	  "above every number, y for a NULL element, the element on a tie " \
	  "(as least(float8, float8))") \
	X(ADD, add, FkAdd, VV, ELEMENTWISE, FkVAdd(x, y), add, , \
	  .name = "vadd", .infix = "+", .check = FK_CHECK_ADD, \
	  .flags = FK_OPF_COMMUTES, .doc = FK_DOC_VV("sum", "+"), \
	  .doc_on_error = "x + y elementwise") \
	X(SUB, sub, FkSub, VV, ELEMENTWISE, FkVSub(x, y), sub, , \
	  .name = "vsub", .infix = "-", .check = FK_CHECK_ADD, \
	  .doc = FK_DOC_VV("difference", "-"), \
	  .doc_on_error = "x - y elementwise") \
	X(MUL, mul, FkMul, VV, ELEMENTWISE, FkVMul(x, y), mul, , \
	  .name = "vmul", .infix = "*", .check = FK_CHECK_MUL, \
	  .flags = FK_OPF_COMMUTES, .doc = FK_DOC_VV("product", "*"), \
	  .doc_on_error = "x * y elementwise") \
	X(DIV, div, FkDiv, VV, ELEMENTWISE, FkVDiv(x, y), div, , \
	  .name = "vdiv", .infix = "/", .check = FK_CHECK_DIV, \
	  .doc = FK_DOC_VV("quotient", "/"), \
	  .doc_on_error = "x / y elementwise") \
	X(ADD_S, add_s, FkAddS, VS, ELEMENTWISE, FkVAdd(x, a), add, _s, \
	  .name = "vadd", .infix = "+", .check = FK_CHECK_ADD_S, \
	  .flags = FK_OPF_COMMUTES, .doc = FK_DOC_VS("plus"), \
	  .doc_on_error = "x + y elementwise") \
	X(RADD_S, radd_s, FkRaddS, SV, ELEMENTWISE, FkVAdd(x, a), add, _rs, \
	  .name = "vadd", .infix = "+", .check = FK_CHECK_ADD_S, \
	  .flags = FK_OPF_COMMUTES, .doc = FK_DOC_SV("plus"), \
	  .doc_on_error = "x + y elementwise") \
	X(SUB_S, sub_s, FkSubS, VS, ELEMENTWISE, FkVSub(x, a), sub, _s, \
	  .name = "vsub", .infix = "-", .check = FK_CHECK_ADD_S, \
	  .doc = FK_DOC_VS("minus"), .doc_on_error = "x - y elementwise") \
	X(RSUB_S, rsub_s, FkRsubS, SV, ELEMENTWISE, FkVSub(a, x), sub, _rs, \
	  .name = "vsub", .infix = "-", .check = FK_CHECK_ADD_S, \
	  .doc = FK_DOC_SV("minus"), .doc_on_error = "x - y elementwise") \
	X(MUL_S, mul_s, FkMulS, VS, ELEMENTWISE, FkVMul(x, a), mul, _s, \
	  .name = "vmul", .infix = "*", .check = FK_CHECK_MUL_S, \
	  .flags = FK_OPF_COMMUTES, .doc = FK_DOC_VS("times"), \
	  .doc_on_error = "x * y elementwise") \
	X(RMUL_S, rmul_s, FkRmulS, SV, ELEMENTWISE, FkVMul(x, a), mul, _rs, \
	  .name = "vmul", .infix = "*", .check = FK_CHECK_MUL_S, \
	  .flags = FK_OPF_COMMUTES, .doc = FK_DOC_SV("times"), \
	  .doc_on_error = "x * y elementwise") \
	X(DIV_S, div_s, FkDivS, VS, ELEMENTWISE, FkVDiv(x, a), div, _s, \
	  .name = "vdiv", .infix = "/", .check = FK_CHECK_DIV_S, \
	  .doc = FK_DOC_VS("divided by"), .doc_on_error = "x / y elementwise") \
	X(RDIV_S, rdiv_s, FkRdivS, SV, ELEMENTWISE, FkVDiv(a, x), div, _rs, \
	  .name = "vdiv", .infix = "/", .check = FK_CHECK_RDIV_S, \
	  .doc = FK_DOC_SV("divided by"), .doc_on_error = "x / y elementwise") \
	X(CLIP, clip, FkClip, VSS, ELEMENTWISE, \
	  FkVSelLt(x, a, a, FkVSelGt(x, b, b, x)), clip, , \
	  .name = "clip", .scalars = FK_SCALARS_ORDERED, .args = "v, lo, hi", \
	  .doc = "each element limited to [lo, hi]: lo below lo, hi above hi, " \
	  "NaN stays NaN; lo > hi or a NaN bound is an error") \
	X(SCALE_ADD, scale_add, FkScaleAdd, VSS, ELEMENTWISE, \
	  FkVAdd(FkVMul(x, a), b), scale_add, , \
	  .name = "scale_add", .check = FK_CHECK_SCALE_ADD, \
	  .doc = "v * a + b for each element", \
	  .doc_on_error = "(v * a) + b elementwise") \
	X(LN_SCALE_ADD, ln_scale_add, FkLnScaleAdd, VSS, ELEMENTWISE, \
	  FkVAdd(FkVMul(FkVLn(x), a), b), ln_scale_add, , \
	  .name = "ln_scale_add", .check = FK_CHECK_SCALE_ADD, \
	  .flags = FK_OPF_LN_FIRST | FK_OPF_CHAIN, \
	  .doc = "ln(v) * a + b in one pass", \
	  .doc_on_error = "(ln(v) * a) + b elementwise") \
	X(SUB_MUL_ADD, sub_mul_add, FkSubMulAdd, VVSS, ELEMENTWISE, \
	  FkVAdd(FkVMul(FkVSub(x, y), a), b), sub_mul_add, , \
	  .name = "sub_mul_add", .check = FK_CHECK_SUB_MUL_ADD, \
	  .flags = FK_OPF_CHAIN, \
	  .doc = "(x - y) * a + b for each pair of elements of two vectors of " \
	  "the same length", \
	  .doc_on_error = "((x - y) * a) + b elementwise") \
	X(DLOG, dlog, FkDlog, VL, LAGGED, FkVSub(x, y), dlog, , \
	  .name = "dlog", .flags = FK_OPF_LN_FIRST, .args = "v, lag DEFAULT 1", \
	  .doc = "log return ln(v[i]) - ln(v[i - lag]); the first lag elements " \
	  "are NULL", \
	  .doc_on_error = "ln(v[i]) - ln(v[i - lag]), NULL for i <= lag") \
	X(DIFF, diff, FkDiff, VL, LAGGED, FkVSub(x, y), diff, , \
	  .name = "diff", .check = FK_CHECK_ADD, .args = "v, lag DEFAULT 1", \
	  .doc = "difference v[i] - v[i - lag]; the first lag elements are NULL", \
	  .doc_on_error = "v[i] - v[i - lag], NULL for i <= lag") \
	X(DLOG_SCALE_ADD, dlog_scale_add, FkDlogScaleAdd, VLSS, LAGGED, \
	  FkVAdd(FkVMul(FkVSub(x, y), a), b), dlog_scale_add, , \
	  .name = "dlog_scale_add", .check = FK_CHECK_SCALE_ADD, \
	  .flags = FK_OPF_LN_FIRST | FK_OPF_CHAIN, \
	  .doc = "dlog(v, lag) * a + b in one pass", \
	  .doc_on_error = "((ln(v[i]) - ln(v[i - lag])) * a) + b, NULL for " \
	  "i <= lag") \
	X(PCT_CHANGE, pct_change, FkPctChange, VL, LAGGED, \
	  FkVSub(FkVDiv(x, y), FkVSet1(1.0)), pct_change, , \
	  .name = "pct_change", .check = FK_CHECK_PCT_CHANGE, \
	  .args = "v, lag DEFAULT 1", \
	  .doc = "percentage change v[i] / v[i - lag] - 1; the first lag elements " \
	  "are NULL", \
	  .doc_on_error = "(v[i] / v[i - lag]) - 1, NULL for i <= lag") \
	X(RATIO, ratio, FkRatio, VL, LAGGED, FkVDiv(x, y), ratio, , \
	  .name = "ratio", .check = FK_CHECK_DIV, .args = "v, lag DEFAULT 1", \
	  .doc = "ratio v[i] / v[i - lag]; the first lag elements are NULL", \
	  .doc_on_error = "v[i] / v[i - lag], NULL for i <= lag")

/*
 * FK_STREAMS(S) lists the running and rolling operations the fused
 * evaluator runs as stateful instructions (their state carried from block
 * to block), S(OP, name, shape, kind, ...): the tokens
 *	OP			FK_SOP_<OP> (core/ops.h), an operation code after the
 *				FK_OPERATIONS ones: FkOps[] has a row for it
 *	name		the SQL function name; its C entry points are
 *				name_float8arr and name_nvec
 *	shape		an FK_SHAPES row: V, VS (ema's alpha, fill_null's value),
 *				VL (a rolling window w, min_count w: the form of two
 *				arguments; the form with min_count is not fused; shift's k),
 *				or VLS (a rolling window and its quantile q)
 *	kind		streaming kind: RUNNING (out[i] from x[0 .. i] through a
 *				fixed-size state, core/series_running.h) or ROLLING (from
 *				the window x[i - w + 1 .. i], core/series_rolling.h: a state
 *				of O(min(w, n)) memory) or SHIFT (out[i] = x[i - k], k >= 0:
 *				a ring of min(k, n) values; k < 0, a lead, cannot stream and
 *				is evaluated unfused)
 * then the designated initialisers:
 *	.run		its FkRunningOp or FkRollOp (SHIFT: none)
 *	.scalars	what its scalar must satisfy: FK_SCALARS_ALPHA (0 < a <= 1),
 *				FK_SCALARS_QUANTILE (0 <= a <= 1; else the unfused call
 *				raises its error); none: anything
 *	.flags		FK_OPF_FAULTS: its values can overflow (or underflow), and
 *				the call then raises core's error
 *	.args		SQL argument names, as for FK_OPERATIONS
 *	.doc		the COMMENT of its function; a rolling one also has
 *				.doc_min_count, that of its form with a third argument
 *				min_count (integer), which is not fused
 *
 * They never fault element by element (no on_error); an overflow (cumsum,
 * cumprod, ema, a rolling sum) stops the fused pass, and the unfused
 * evaluation raises core's error.
 */
/* The comments of the rolling windows: what, then NULL where */
#define FK_DOC_WINDOW(what, extra) \
	what " the trailing window of w elements ending at each element" extra \
	"; NULL at a NULL element and until the window holds w present elements"
#define FK_DOC_WINDOW_MIN(what, extra) \
	what " the trailing window of w elements ending at each element" extra \
	"; NULL at a NULL element and where the window holds fewer than " \
	"min_count (0 to w) present elements"
#define FK_ROLLING_DOCS(what, extra) \
	.doc = FK_DOC_WINDOW(what, extra), \
	.doc_min_count = FK_DOC_WINDOW_MIN(what, extra)

#define FK_STREAMS(S) \
	S(CUMSUM, cumsum, V, RUNNING, .run = FK_RUN_CUMSUM, \
	  .flags = FK_OPF_FAULTS, \
	  .doc = "running sum in index order: element i is the sum of the " \
	  "present elements up to i (NULL where v is NULL)") \
	S(CUMPROD, cumprod, V, RUNNING, .run = FK_RUN_CUMPROD, \
	  .flags = FK_OPF_FAULTS, \
	  .doc = "running product in index order: element i is the product of " \
	  "the present elements up to i (NULL where v is NULL)") \
	S(CUMMAX, cummax, V, RUNNING, .run = FK_RUN_CUMMAX, \
	  .doc = "running maximum: element i is the largest present element up " \
	  "to i, NaN above every number (NULL where v is NULL)") \
	S(CUMMIN, cummin, V, RUNNING, .run = FK_RUN_CUMMIN, \
	  .doc = "running minimum: element i is the smallest present element up " \
	  "to i, NaN above every number (NULL where v is NULL)") \
	S(EMA, ema, VS, RUNNING, .run = FK_RUN_EMA, \
	  .scalars = FK_SCALARS_ALPHA, .flags = FK_OPF_FAULTS, \
	  .args = "v, alpha", \
	  .doc = "exponential moving average: s = first present element, then " \
	  "s = alpha * x + (1 - alpha) * s at each present x; alpha in (0, 1] " \
	  "(NULL where v is NULL)") \
	S(FILL_FORWARD, fill_forward, V, RUNNING, .run = FK_RUN_FILL_FORWARD, \
	  .doc = "each NULL element replaced by the last present element before " \
	  "it; leading NULLs stay NULL") \
	S(FILL_NULL, fill_null, VS, RUNNING, .run = FK_RUN_FILL_NULL, \
	  .args = "v, x", .doc = "each NULL element replaced by x") \
	S(ROLLING_SUM, rolling_sum, VL, ROLLING, .run = FK_ROLL_SUM, \
	  .flags = FK_OPF_FAULTS, .args = "v, w", \
	  FK_ROLLING_DOCS("sum of the present elements of", "")) \
	S(ROLLING_MEAN, rolling_mean, VL, ROLLING, .run = FK_ROLL_MEAN, \
	  .flags = FK_OPF_FAULTS, .args = "v, w", \
	  FK_ROLLING_DOCS("mean of the present elements of", "")) \
	S(ROLLING_STDDEV, rolling_stddev, VL, ROLLING, .run = FK_ROLL_STDDEV, \
	  .flags = FK_OPF_FAULTS, .args = "v, w", \
	  FK_ROLLING_DOCS("sample standard deviation of the present elements of", \
					  " (NULL for fewer than two)")) \
	S(ROLLING_MIN, rolling_min, VL, ROLLING, .run = FK_ROLL_MIN, \
	  .args = "v, w", \
	  FK_ROLLING_DOCS("minimum of the present elements of", \
					  " (NaN above every number)")) \
	S(ROLLING_MAX, rolling_max, VL, ROLLING, .run = FK_ROLL_MAX, \
	  .args = "v, w", \
	  FK_ROLLING_DOCS("maximum of the present elements of", \
					  " (NaN above every number)")) \
	S(ROLLING_COUNT, rolling_count, VL, ROLLING, .run = FK_ROLL_COUNT, \
	  .args = "v, w", \
	  FK_ROLLING_DOCS("number of present elements in", "")) \
	S(SHIFT, shift, VL, SHIFT, .args = "v, k", \
	  .doc = "v shifted by k places: element i is v[i - k] (k > 0 lags, " \
	  "k < 0 leads), NULL where i - k is outside v") \
	S(ROLLING_VAR, rolling_var, VL, ROLLING, .run = FK_ROLL_VAR, \
	  .flags = FK_OPF_FAULTS, .args = "v, w", \
	  FK_ROLLING_DOCS("sample variance of the present elements of", \
					  " (NULL for fewer than two)")) \
	S(ROLLING_MEDIAN, rolling_median, VL, ROLLING, .run = FK_ROLL_MEDIAN, \
	  .args = "v, w", \
	  FK_ROLLING_DOCS("median (percentile_cont(0.5): halfway between the two " \
					  "middle values of an even count; NaN above every " \
					  "number) of the present elements of", "")) \
	S(ROLLING_QUANTILE, rolling_quantile, VLS, ROLLING, \
	  .run = FK_ROLL_QUANTILE, .scalars = FK_SCALARS_QUANTILE, \
	  .args = "v, w, q", \
	  FK_ROLLING_DOCS("q-quantile (0 <= q <= 1) of the present elements of", \
					  ", as percentile_cont(q) (linear interpolation, NaN " \
					  "above every number)"))

/*
 * FK_TIME_STREAMS(T) lists the rolling windows of a duration the fused
 * evaluator runs as instructions (core/series_time.h, docs/time.md),
 * T(OP, name, shape, ...): the tokens
 *	OP			FK_SOP_<OP> (core/ops.h), a code after the FK_STREAMS ones
 *	name		the SQL function name; its C entry points are
 *				name_by_float8arr and name_by_nvec
 *	shape		VTDL (v, ts, w, min_count) or VTDSL (v, ts, w, q,
 *				min_count: a quantile)
 * then the designated initialisers: .run, its FkRollOp, and .scalars as
 * FK_STREAMS says.  Their SQL functions are written by hand
 * (src/sql/47_series_time.sql).  The values v of such an instruction are an
 * input held whole (a
 * window reads back to its start and ahead to the end of its group of
 * equal times); a bad time axis or window, and an overflow, stop the fused
 * pass, and the unfused call raises its error.
 */
#define FK_TIME_STREAMS(T) \
	T(ROLLING_SUM_BY, rolling_sum, VTDL, .run = FK_ROLL_SUM) \
	T(ROLLING_MEAN_BY, rolling_mean, VTDL, .run = FK_ROLL_MEAN) \
	T(ROLLING_STDDEV_BY, rolling_stddev, VTDL, .run = FK_ROLL_STDDEV) \
	T(ROLLING_VAR_BY, rolling_var, VTDL, .run = FK_ROLL_VAR) \
	T(ROLLING_MIN_BY, rolling_min, VTDL, .run = FK_ROLL_MIN) \
	T(ROLLING_MAX_BY, rolling_max, VTDL, .run = FK_ROLL_MAX) \
	T(ROLLING_COUNT_BY, rolling_count, VTDL, .run = FK_ROLL_COUNT) \
	T(ROLLING_MEDIAN_BY, rolling_median, VTDL, .run = FK_ROLL_MEDIAN) \
	T(ROLLING_QUANTILE_BY, rolling_quantile, VTDSL, \
	  .run = FK_ROLL_QUANTILE, .scalars = FK_SCALARS_QUANTILE)

/*
 * FK_REDUCTIONS(R) lists the reductions a fused program may end with (a
 * sink: blocks flow into a fixed-size accumulator, no vector is built),
 * R(RED, name, shape, ...): the tokens
 *	RED			FK_ROP_<RED> (core/ops.h)
 *	name		the SQL function name; its C entry points are
 *				name_float8arr and name_nvec
 *	shape		an FK_SHAPES row: V (one vector) or VV (of two vectors, over
 *				the pairs where both are present; as the shape's entries
 *				are TWO, also over one vector of each type, in either
 *				order: those forms are not fused)
 * then the designated initialisers of its FkRedInfo:
 *	.acc		its accumulator, an FkReduceKind (core/series_reduce.h)
 *	.faults		a sum of finite values can overflow, and the call then
 *				raises core's error
 *	.position	it returns integer, a 1-based position, not float8
 *	.args		the SQL argument names; none: the shape's argnames
 *	.doc		the COMMENT of its function
 *
 * vcount is not here: it returns bigint, and its operand's NULLs alone
 * decide it.
 */
#define FK_REDUCTIONS(R) \
	R(SUM, vsum, V, .acc = FK_RED_SUM, .faults = true, \
	  .doc = "sum of the valid elements (compensated, deterministic), NULL " \
	  "if none") \
	R(MEAN, vmean, V, .acc = FK_RED_MEAN, .faults = true, \
	  .doc = "mean of the valid elements, NULL if none") \
	R(MIN, vmin, V, .acc = FK_RED_MIN, \
	  .doc = "smallest valid element (NaN only if all are NaN), NULL if none") \
	R(MAX, vmax, V, .acc = FK_RED_MAX, \
	  .doc = "largest valid element (NaN above every number), NULL if none") \
	R(PROD, vprod, V, .acc = FK_RED_PROD, \
	  .doc = "product of the valid elements in index order, NULL if none") \
	R(VAR, vvar, V, .acc = FK_RED_VAR, .faults = true, \
	  .doc = "sample variance of the valid elements, NULL for fewer than two") \
	R(STDDEV, vstddev, V, .acc = FK_RED_STDDEV, .faults = true, \
	  .doc = "sample standard deviation of the valid elements, NULL for " \
	  "fewer than two") \
	R(VAR_POP, vvar_pop, V, .acc = FK_RED_VAR_POP, .faults = true, \
	  .doc = "population variance of the valid elements, NULL if none") \
	R(STDDEV_POP, vstddev_pop, V, .acc = FK_RED_STDDEV_POP, .faults = true, \
	  .doc = "population standard deviation of the valid elements, NULL if " \
	  "none") \
	R(DOT, vdot, VV, .acc = FK_RED_DOT, .faults = true, \
	  .doc = "sum of x[i] * y[i] over the positions where both are valid, " \
	  "NULL if none") \
	R(ARGMIN, vargmin, V, .acc = FK_RED_ARGMIN, .position = true, \
	  .doc = "1-based position of the first smallest valid element (NaN " \
	  "above every number: NaN only if all are NaN), NULL if none") \
	R(ARGMAX, vargmax, V, .acc = FK_RED_ARGMAX, .position = true, \
	  .doc = "1-based position of the first largest valid element (NaN " \
	  "above every number: the first NaN if any), NULL if none") \
	R(FIRST, vfirst, V, .acc = FK_RED_FIRST, \
	  .doc = "first valid (non-NULL) element, NULL if none") \
	R(LAST, vlast, V, .acc = FK_RED_LAST, \
	  .doc = "last valid (non-NULL) element, NULL if none") \
	R(ARGFIRST, vargfirst, V, .acc = FK_RED_ARGFIRST, .position = true, \
	  .doc = "1-based position of the first valid (non-NULL) element, NULL " \
	  "if none") \
	R(ARGLAST, varglast, V, .acc = FK_RED_ARGLAST, .position = true, \
	  .doc = "1-based position of the last valid (non-NULL) element, NULL if " \
	  "none") \
	R(COV, vcov, VV, .acc = FK_RED_COV_SAMP, .faults = true, \
	  .doc = "sample covariance of x and y over the positions where both " \
	  "are valid (as covar_samp), NULL for fewer than two") \
	R(COV_POP, vcov_pop, VV, .acc = FK_RED_COV_POP, .faults = true, \
	  .doc = "population covariance of x and y over the positions where " \
	  "both are valid (as covar_pop), NULL if none") \
	R(CORR, vcorr, VV, .acc = FK_RED_CORR, .faults = true, \
	  .doc = "correlation coefficient of x and y over the positions where " \
	  "both are valid (as corr), NULL if none or if either is constant") \
	R(WSUM, vwsum, VV, .acc = FK_RED_DOT, .faults = true, .args = "v, w", \
	  .doc = "weighted sum: the sum of v[i] * w[i] over the positions where " \
	  "both are valid (vdot), NULL if none") \
	R(WMEAN, vwmean, VV, .acc = FK_RED_WMEAN, .faults = true, .args = "v, w", \
	  .doc = "weighted mean: the sum of v[i] * w[i] over the sum of w[i], " \
	  "both over the positions where both are valid, NULL if none or if the " \
	  "weights sum to 0") \
	R(SLOPE, vslope, VV, .acc = FK_RED_SLOPE, .faults = true, .args = "y, x", \
	  .doc = "slope of the least-squares line of y on x over the positions " \
	  "where both are valid (as regr_slope(y, x)), NULL if none or if x is " \
	  "constant") \
	R(INTERCEPT, vintercept, VV, .acc = FK_RED_INTERCEPT, .faults = true, \
	  .args = "y, x", \
	  .doc = "intercept of the least-squares line of y on x over the " \
	  "positions where both are valid (as regr_intercept(y, x)), NULL if none " \
	  "or if x is constant") \
	R(R2, vr2, VV, .acc = FK_RED_R2, .faults = true, .args = "y, x", \
	  .doc = "coefficient of determination of y on x over the positions where " \
	  "both are valid (as regr_r2(y, x): 1 if y is constant), NULL if none " \
	  "or if x is constant") \
	R(SKEW, vskew, V, .acc = FK_RED_SKEW, .faults = true, \
	  .doc = "skewness of the valid elements with pandas' bias correction " \
	  "(adjusted Fisher-Pearson G1), 0 if they are all equal, NULL for " \
	  "fewer than three") \
	R(KURTOSIS, vkurtosis, V, .acc = FK_RED_KURT, .faults = true, \
	  .doc = "excess kurtosis of the valid elements with pandas' bias " \
	  "correction (G2), 0 if they are all equal, NULL for fewer than four")

#endif							/* FK_OPS_CATALOG_H */
