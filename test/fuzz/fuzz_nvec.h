/*
 * fuzz_nvec.h
 *		Calls of the nvec I/O functions and the checks every harness applies
 *		to an nvec they return.
 */
#ifndef FK_FUZZ_NVEC_H
#define FK_FUZZ_NVEC_H

#include "postgres.h"

#include "nvec.h"

extern NVec *FkFuzzIn(const char *str);
extern char *FkFuzzOut(NVec *v);
extern bytea *FkFuzzSend(NVec *v);
extern NVec *FkFuzzRecv(const char *data, int len);
extern void FkFuzzCheckLayout(const NVec *v);
extern void FkFuzzCheckNVec(const NVec *v);
extern void FkFuzzRoundTrips(NVec *v);

/* Decode one fuzz input into an nvec (nvec_in or nvec_recv) */
typedef NVec *(*FkFuzzDecode) (const uint8_t *data, size_t size);

extern void FkFuzzDecodeOne(const char *what, FkFuzzDecode decode,
							const int *codes, int ncodes,
							const uint8_t *data, size_t size);

#endif							/* FK_FUZZ_NVEC_H */
