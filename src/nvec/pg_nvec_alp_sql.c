/*
 * pg_nvec_alp_sql.c
 *		The SQL interface of compressed nvec (docs/nvec.md): nvec_compress,
 *		nvec_decompress, nvec_encoding, the type modifier nvec(compressed)
 *		and its length-coercion cast.
 */
#include "postgres.h"

#include "catalog/pg_type.h"
#include "utils/array.h"
#include "utils/builtins.h"

#include "nvec/pg_nvec.h"

PG_FUNCTION_INFO_V1(nvec_compress);
PG_FUNCTION_INFO_V1(nvec_decompress);
PG_FUNCTION_INFO_V1(nvec_encoding);
PG_FUNCTION_INFO_V1(nvec_typmod_in);
PG_FUNCTION_INFO_V1(nvec_typmod_out);
PG_FUNCTION_INFO_V1(nvec_coerce);

/* nvec_compress(v): the compressed form, when smaller */
Datum
nvec_compress(PG_FUNCTION_ARGS)
{
	PG_RETURN_NVEC_P(FkNVecCompress(FkNVecDetoast(PG_GETARG_DATUM(0))));
}

/* nvec_decompress(v): the plain form */
Datum
nvec_decompress(PG_FUNCTION_ARGS)
{
	PG_RETURN_NVEC_P(FkNVecPlain((NVec *) PG_DETOAST_DATUM(PG_GETARG_DATUM(0))));
}

/* nvec_encoding(v): 'plain' or 'alp' */
Datum
nvec_encoding(PG_FUNCTION_ARGS)
{
	NVec		hdr;

	FkNVecReadHeader(PG_GETARG_DATUM(0), &hdr);
	PG_RETURN_TEXT_P(cstring_to_text(hdr.flags == 0 ? "plain" : "alp"));
}

/* Type modifier input: nvec(compressed) is the only one */
Datum
nvec_typmod_in(PG_FUNCTION_ARGS)
{
	ArrayType  *ta = PG_GETARG_ARRAYTYPE_P(0);
	Datum	   *elems;
	int			n;

	deconstruct_array(ta, CSTRINGOID, -2, false, TYPALIGN_CHAR,
					  &elems, NULL, &n);
	if (n != 1 || pg_strcasecmp(DatumGetCString(elems[0]), "compressed") != 0)
		ereport(ERROR,
				(errcode(ERRCODE_INVALID_PARAMETER_VALUE),
				 errmsg("invalid type modifier for nvec"),
				 errhint("The only modifier is nvec(compressed).")));
	PG_RETURN_INT32(FK_NVEC_TYPMOD_COMPRESSED);
}

/* Type modifier output */
Datum
nvec_typmod_out(PG_FUNCTION_ARGS)
{
	int32		typmod = PG_GETARG_INT32(0);

	PG_RETURN_CSTRING(pstrdup(typmod == FK_NVEC_TYPMOD_COMPRESSED ?
							  "(compressed)" : ""));
}

/*
 * The length-coercion cast nvec(v, typmod, explicit): a value stored into
 * an nvec(compressed) column is compressed (when that makes it smaller);
 * without a modifier it is left as it is.
 */
Datum
nvec_coerce(PG_FUNCTION_ARGS)
{
	int32		typmod = PG_GETARG_INT32(1);
	NVec	   *v;

	if (typmod != FK_NVEC_TYPMOD_COMPRESSED)
		PG_RETURN_DATUM(PG_GETARG_DATUM(0));
	v = FkNVecDetoast(PG_GETARG_DATUM(0));
	PG_RETURN_NVEC_P(FkNVecCompress(v));
}
