/*
 * fuzz_nvec_in.c
 *		libFuzzer harness of nvec_in: any text (cut at its first zero byte,
 *		as a cstring is) either gives a well-formed nvec that survives the
 *		text and binary round trips, or raises one of the errors a literal
 *		may raise.
 */
#include "postgres.h"

#include "fuzz_nvec.h"

/* The SQLSTATEs a bad literal may raise */
static const int fk_in_errors[] = {
	ERRCODE_INVALID_TEXT_REPRESENTATION,
	ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE,
	ERRCODE_PROGRAM_LIMIT_EXCEEDED,
};

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* nvec_in of the input as a cstring */
static NVec *
FkFuzzDecodeText(const uint8_t *data, size_t size)
{
	char	   *str = palloc(size + 1);

	memcpy(str, data, size);
	str[size] = '\0';
	return FkFuzzIn(str);
}

/* One input */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FkFuzzDecodeOne("nvec_in", FkFuzzDecodeText, fk_in_errors,
					lengthof(fk_in_errors), data, size);
	return 0;
}
