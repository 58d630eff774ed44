/*
 * fk_cuda.h
 *		The interface of the optional CUDA module, fusekern_cuda.so.
 *
 * The server library never links the CUDA runtime: the device process
 * (fusekern_executor, started by the executor worker) dlopen()s this module
 * and looks these symbols up by name, so this header is the whole contract.  It does not include postgres.h.  Every function
 * returns 0 on success, or -1 with a message in err.
 */
#ifndef FK_CUDA_H
#define FK_CUDA_H

#include <stddef.h>

#include "core/dense.h"

#ifdef __cplusplus
extern "C"
{
#endif

/* How a layer runs on the GPU */
typedef enum FkCudaPath
{
	FK_CUDA_AUTO = 0,			/* own kernel for small layers, else cuBLASLt */
	FK_CUDA_OWN,				/* one tiled kernel with the fused epilogue */
	FK_CUDA_LT,					/* cuBLASLt matmul with its bias/ReLU epilogue */
	FK_CUDA_UNFUSED				/* product, then one kernel per elementwise step */
} FkCudaPath;

/* Open device ordinal `device`; its name goes into name */
typedef int (*FkCudaOpenFn) (int device, char *name, size_t namelen,
							 char *err, size_t errlen);

/*
 * Progress of a layer, called before each block of rows is issued with the
 * rows issued so far; a nonzero return stops the layer (its requester has
 * gone), which then fails.  May be NULL.
 */
typedef int (*FkCudaProgressFn) (void *arg, size_t rows_done);

/*
 * Run a layer whose operands are in host memory (out written on success).
 * From memory registered with fk_cuda_register_host the copies run
 * asynchronously at the link's speed; large layers go by blocks of rows on
 * two streams, so that one block's copies overlap another's product.
 */
typedef int (*FkCudaLayerFn) (const FkDenseLayer *layer, FkCudaPath path,
							  FkCudaProgressFn progress, void *arg,
							  char *err, size_t errlen);

/* Pin host memory for the device's copies (cudaHostRegister), and unpin it */
typedef int (*FkCudaRegisterFn) (void *ptr, size_t len, char *err, size_t errlen);
typedef int (*FkCudaUnregisterFn) (void *ptr, char *err, size_t errlen);

#define FK_CUDA_MODULE "fusekern_cuda"

/*
 * Version of this interface.  The module exports it as fk_cuda_abi_version;
 * the device process refuses a module built with another value (version 2:
 * progress callback, host registration).  Bump it on any
 * change of the types or functions in this header.
 */
#define FK_CUDA_ABI_VERSION 2

extern const int fk_cuda_abi_version;

extern int	fk_cuda_open(int device, char *name, size_t namelen,
						 char *err, size_t errlen);
extern int	fk_cuda_layer(const FkDenseLayer *layer, FkCudaPath path,
						  FkCudaProgressFn progress, void *arg,
						  char *err, size_t errlen);
extern int	fk_cuda_register_host(void *ptr, size_t len, char *err, size_t errlen);
extern int	fk_cuda_unregister_host(void *ptr, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif							/* FK_CUDA_H */
