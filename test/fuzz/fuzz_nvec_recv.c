/*
 * fuzz_nvec_recv.c
 *		libFuzzer harness of nvec_recv: any message either gives a
 *		well-formed nvec that survives the binary and text round trips, or
 *		raises one of the errors malformed binary input may raise.
 */
#include "postgres.h"

#include "fuzz_nvec.h"

/* The SQLSTATEs a bad message may raise */
static const int fk_recv_errors[] = {
	ERRCODE_INVALID_BINARY_REPRESENTATION,
	ERRCODE_PROTOCOL_VIOLATION,
	ERRCODE_PROGRAM_LIMIT_EXCEEDED,
};

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* nvec_recv of the input as a message */
static NVec *
FkFuzzDecodeBinary(const uint8_t *data, size_t size)
{
	return FkFuzzRecv((const char *) data, (int) size);
}

/* One input */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	FkFuzzDecodeOne("nvec_recv", FkFuzzDecodeBinary, fk_recv_errors,
					lengthof(fk_recv_errors), data, size);
	return 0;
}
