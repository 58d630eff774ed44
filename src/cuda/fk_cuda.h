/*
 * fk_cuda.h
 *		The interface of the optional CUDA module, fusekern_cuda.so.
 *
 * The server library never links the CUDA runtime: the executor worker
 * dlopen()s this module and looks these symbols up by name, so this header
 * is the whole contract.  It does not include postgres.h.  Every function
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

/* Run a layer whose operands are in host memory (out written on success) */
typedef int (*FkCudaLayerFn) (const FkDenseLayer *layer, FkCudaPath path,
							  char *err, size_t errlen);

#define FK_CUDA_MODULE "fusekern_cuda"

/*
 * Version of this interface.  The module exports it as fk_cuda_abi_version;
 * the worker refuses a module built with another value.  Bump it on any
 * change of the types or functions in this header.
 */
#define FK_CUDA_ABI_VERSION 1

extern const int fk_cuda_abi_version;

extern int	fk_cuda_open(int device, char *name, size_t namelen,
						 char *err, size_t errlen);
extern int	fk_cuda_layer(const FkDenseLayer *layer, FkCudaPath path,
						  char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif							/* FK_CUDA_H */
