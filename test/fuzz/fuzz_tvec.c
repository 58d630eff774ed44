/*
 * fuzz_tvec.c
 *		libFuzzer harness of the tvec codec (core/tvec_codec.h): any bytes
 *		taken as a tvec body either decode (the check included) to times
 *		that encode and decode again to the same times, or are refused with
 *		a status; nothing is read outside the body.  The body is copied to
 *		an allocation of exactly its size, so that ASan sees any overread.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/tvec_codec.h"

int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Decode the input; when it holds, encode and decode its times again */
int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *body = malloc(size > 0 ? size : 1);
	int32_t		n;
	int64_t    *t;

	memcpy(body, data, size);
	if (FkTvecLength(body, size, &n) != FK_TVEC_OK)
	{
		/* a header refused is refused by the whole decoder too */
		if (FkTvecDecode(body, size, NULL) == FK_TVEC_OK)
			abort();
		free(body);
		return 0;
	}
	t = malloc(sizeof(int64_t) * (n > 0 ? (size_t) n : 1));
	if (FkTvecDecode(body, size, t) == FK_TVEC_OK)
	{
		unsigned char *again = malloc(FkTvecMaxSize(n));
		size_t		asize = FkTvecEncode(t, n, again);
		unsigned char *exact = malloc(asize);
		int64_t    *back = malloc(sizeof(int64_t) * (n > 0 ? (size_t) n : 1));

		memcpy(exact, again, asize);
		if (FkTvecDecode(exact, asize, back) != FK_TVEC_OK ||
			(n > 0 && memcmp(back, t, sizeof(int64_t) * n) != 0))
			abort();
		free(again);
		free(exact);
		free(back);
	}
	free(t);
	free(body);
	return 0;
}
