/*
 * fuzz_nvec_alp.c
 *		libFuzzer harness of the decoder of compressed nvec values: any
 *		bytes taken as a compressed value (header, bitmap, block directory,
 *		blocks) either decode to a well-formed plain nvec, which compresses
 *		and decodes again to the same bits, or raise "invalid compressed
 *		nvec" (XX001); nothing is read outside the value.  (The text and
 *		binary round trips of plain values are the other harnesses'.)
 */
#include "postgres.h"

#include <stdio.h>
#include <stdlib.h>

#include "fuzz_nvec.h"
#include "pg_shim.h"
#include "pg_nvec.h"

/* The SQLSTATEs a corrupt value may raise */
static const int fk_alp_errors[] = {
	ERRCODE_DATA_CORRUPTED,
};

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/*
 * The input as a compressed value: a varlena header, then the input (flags,
 * length, null count, bitmap, body), flags 0 read as the ALP encoding so
 * that every input reaches the decoder.  Decoded, then compressed and
 * decoded again: the same bits.
 */
static NVec *
FkFuzzDecodeCompressed(const uint8_t *data, size_t size)
{
	NVec	   *c = palloc0(Max(VARHDRSZ + size, NVEC_HDRSZ));
	NVec	   *plain;
	NVec	   *again;

	memcpy((char *) c + VARHDRSZ, data, size);
	SET_VARSIZE(c, VARHDRSZ + size);
	if (size < NVEC_HDRSZ - VARHDRSZ)
		ereport(ERROR,
				(errcode(ERRCODE_DATA_CORRUPTED),
				 errmsg("invalid compressed nvec"),
				 errdetail("Shorter than a header.")));
	if (c->flags == 0)
		c->flags = NVEC_FLAG_ALP;
	plain = FkNVecPlain(c);
	again = FkNVecPlain(FkNVecCompress(plain));
	if (VARSIZE(again) != VARSIZE(plain) ||
		memcmp(again, plain, VARSIZE(plain)) != 0)
	{
		fprintf(stderr, "invariant broken: compress(decode(x)) decodes to other bits\n");
		abort();
	}
	return plain;
}

/* One input */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FkShimStackBase();
	PG_TRY();
	{
		FkFuzzCheckNVec(FkFuzzDecodeCompressed(data, size));
	}
	PG_CATCH();
	{
		FkShimExpectError("nvec_alp", fk_alp_errors, lengthof(fk_alp_errors));
	}
	PG_END_TRY();
	FkShimReset();
	return 0;
}
