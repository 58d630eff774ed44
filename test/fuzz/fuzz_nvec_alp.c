/*
 * fuzz_nvec_alp.c
 *		libFuzzer harness of the decoder of compressed nvec values: any
 *		bytes taken as a compressed value (header, bitmap, block directory,
 *		blocks) either decode to a well-formed plain nvec, which compresses
 *		and decodes again to the same bits, or raise "invalid compressed
 *		nvec" (XX001); nothing is read outside the value.  The same bytes
 *		with the flags word cleared (a compressed value that lost its flag
 *		on disk) are then read as a plain value: refused with XX001 unless
 *		they happen to make a plain value whose layout holds (written out
 *		as text then), never read past their end.  (The text and binary round trips of plain values are
 *		the other harnesses'.)
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

/*
 * The input as a plain value: a varlena header, then the input with its
 * flags word cleared, in a buffer of exactly that size (so that a read
 * past the value's end is caught).  Returned when the plain-value check
 * accepts it.
 */
static NVec *
FkFuzzFlagCleared(const uint8_t *data, size_t size)
{
	NVec	   *v = palloc(VARHDRSZ + size);

	memcpy((char *) v + VARHDRSZ, data, size);
	SET_VARSIZE(v, VARHDRSZ + size);
	if (size >= sizeof(uint32))
		memset((char *) v + VARHDRSZ, 0, sizeof(uint32));
	return FkNVecPlain(v);
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
	PG_TRY();
	{
		NVec	   *v = FkFuzzFlagCleared(data, size);

		/*
		 * bytes that pass for a plain value: its layout holds (what lies
		 * under its NULLs is whatever the bytes held), and it reads
		 * within its end
		 */
		FkFuzzCheckLayout(v);
		(void) FkFuzzOut(v);
	}
	PG_CATCH();
	{
		FkShimExpectError("nvec_alp, flag cleared", fk_alp_errors,
						  lengthof(fk_alp_errors));
	}
	PG_END_TRY();
	FkShimReset();
	return 0;
}
