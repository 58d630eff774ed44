/*
 * fusekern_cuda.cu
 *		The CUDA module loaded by the executor worker: dense layers on the
 *		GPU, fused (one tiled kernel of our own, or cuBLASLt with its bias and
 *		ReLU epilogues) or unfused (product, then one kernel per step).
 *
 * Operands come from the staging area, which the device process registers
 * as pinned host memory (fk_cuda_register_host), so the copies are
 * asynchronous and run at the link's speed.  A large layer goes by blocks
 * of rows over two streams: one block's copies in and out overlap another
 * block's product; w and bias are copied once, before the first block.
 *
 * Row-major host matrices are handed to column-major cuBLASLt as their
 * transposes: out^T (n x m) = w^T (n x k) . x^T (k x m), so no copy is
 * transposed.  GELU (tanh approximation) is applied to x before the
 * product, as on the CPU path; cuBLASLt's own GELU epilogue would apply it
 * after the product, which is another function.  Built with --fmad=false so
 * that the elementwise steps round as the CPU path's do.
 */
#include <stdio.h>
#include <string.h>

#include <cuda_runtime.h>
#include <cublasLt.h>

#include "core/gelu_formula.h"
#include "cuda/fk_cuda.h"

#define FK_TILE 16
#define FK_LT_WORKSPACE (32 * 1024 * 1024)
/* Layers below this many flops run in the own kernel under FK_CUDA_AUTO */
#define FK_OWN_MAX_FLOPS (2.0 * 256 * 256 * 256)

/* Layers of at least this many flops go by blocks of rows on two streams */
#define FK_SPLIT_MIN_FLOPS (2.0 * 512 * 512 * 512)
#define FK_SPLIT_BLOCKS 4
#define FK_NSTREAMS 2

static cublasLtHandle_t fk_lt = NULL;
static cudaStream_t fk_streams[FK_NSTREAMS];
static void *fk_workspaces[FK_NSTREAMS];
static cudaEvent_t fk_operands_ready = NULL;

/* Device buffers, grown on demand and kept between requests */
typedef struct FkDevBuf
{
	double	   *ptr;
	size_t		cap;
} FkDevBuf;

static FkDevBuf fk_x,
			fk_xg,
			fk_w,
			fk_bias,
			fk_res,
			fk_out;

/* Write a CUDA runtime error into err; return -1 */
static int
FkCudaFail(cudaError_t rc, const char *what, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: %s", what, cudaGetErrorString(rc));
	return -1;
}

/* Make buf hold at least n doubles */
static cudaError_t
FkDevReserve(FkDevBuf *buf, size_t n)
{
	cudaError_t rc;

	if (buf->cap >= n)
		return cudaSuccess;
	if (buf->ptr)
		cudaFree(buf->ptr);
	buf->ptr = NULL;
	buf->cap = 0;
	rc = cudaMalloc((void **) &buf->ptr, (n > 0 ? n : 1) * sizeof(double));
	if (rc == cudaSuccess)
		buf->cap = n;
	return rc;
}

/* GELU with the device's tanh: the one formula of core/gelu_formula.h */
__device__ static double
FkGeluDev(double v)
{
	return FK_GELU_SCALAR(tanh, v);
}

/* dst[i] = gelu(src[i]) */
__global__ static void
FkGeluKernel(double *dst, const double *src, size_t n)
{
	size_t		i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		dst[i] = FkGeluDev(src[i]);
}

/* out[i, j] = out[i, j] + add[i, j] (the residual step of the unfused path) */
__global__ static void
FkAddKernel(double *out, const double *add, size_t n)
{
	size_t		i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = out[i] + add[i];
}

/* out[i, j] = out[i, j] + bias[j] */
__global__ static void
FkBiasKernel(double *out, const double *bias, size_t total, size_t n)
{
	size_t		i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;

	if (i < total)
		out[i] = out[i] + bias[i % n];
}

/* out[i] = relu(out[i]) */
__global__ static void
FkReluKernel(double *out, size_t n)
{
	size_t		i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && out[i] < 0)
		out[i] = 0.0;
}

/*
 * The own fused kernel: one thread per output element, 16 x 16 tiles of x
 * (GELU applied as the tile is loaded) and w in shared memory, and the
 * residual, bias and ReLU applied before the single store.
 */
__global__ static void
FkLayerKernel(int op, size_t m, size_t n, size_t k, const double *x,
			  const double *w, const double *bias, const double *res,
			  double *out)
{
	__shared__ double xs[FK_TILE][FK_TILE];
	__shared__ double ws[FK_TILE][FK_TILE];
	size_t		row = (size_t) blockIdx.y * FK_TILE + threadIdx.y;
	size_t		col = (size_t) blockIdx.x * FK_TILE + threadIdx.x;
	double		acc = 0.0;

	for (size_t t = 0; t < k; t += FK_TILE)
	{
		size_t		xc = t + threadIdx.x;
		size_t		wr = t + threadIdx.y;
		double		xv = (row < m && xc < k) ? x[row * k + xc] : 0.0;

		if (op == FK_DENSE_GELU_LINEAR && row < m && xc < k)
			xv = FkGeluDev(xv);
		xs[threadIdx.y][threadIdx.x] = xv;
		ws[threadIdx.y][threadIdx.x] = (wr < k && col < n) ? w[wr * n + col] : 0.0;
		__syncthreads();
		for (int p = 0; p < FK_TILE; p++)
			acc = acc + xs[threadIdx.y][p] * ws[p][threadIdx.x];
		__syncthreads();
	}
	if (row >= m || col >= n)
		return;
	if (op == FK_DENSE_LINEAR_RESIDUAL_RELU)
	{
		acc = (acc + res[row * n + col]) + bias[col];
		if (acc < 0)
			acc = 0.0;
	}
	else if (op == FK_DENSE_GELU_LINEAR)
		acc = acc + bias[col];
	out[row * n + col] = acc;
}

/* cuBLASLt: out^T = w^T x^T (+ res^T), with the given epilogue and bias */
static cublasStatus_t
FkLtMatmul(size_t m, size_t n, size_t k, const double *x, const double *w,
		   const double *res, const double *bias, cublasLtEpilogue_t epilogue,
		   double *out, cudaStream_t stream, void *workspace)
{
	cublasLtMatmulDesc_t desc = NULL;
	cublasLtMatrixLayout_t ad = NULL,
				bd = NULL,
				cd = NULL;
	double		alpha = 1.0,
				beta = res ? 1.0 : 0.0;
	cublasStatus_t st;

	st = cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_64F, CUDA_R_64F);
	if (st == CUBLAS_STATUS_SUCCESS)
		st = cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE,
											&epilogue, sizeof(epilogue));
	if (st == CUBLAS_STATUS_SUCCESS && bias)
		st = cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER,
											&bias, sizeof(bias));
	if (st == CUBLAS_STATUS_SUCCESS)
		st = cublasLtMatrixLayoutCreate(&ad, CUDA_R_64F, n, k, n);
	if (st == CUBLAS_STATUS_SUCCESS)
		st = cublasLtMatrixLayoutCreate(&bd, CUDA_R_64F, k, m, k);
	if (st == CUBLAS_STATUS_SUCCESS)
		st = cublasLtMatrixLayoutCreate(&cd, CUDA_R_64F, n, m, n);
	if (st == CUBLAS_STATUS_SUCCESS)
		st = cublasLtMatmul(fk_lt, desc, &alpha, w, ad, x, bd, &beta,
							res ? res : out, cd, out, cd, NULL,
							workspace, FK_LT_WORKSPACE, stream);
	if (cd)
		cublasLtMatrixLayoutDestroy(cd);
	if (bd)
		cublasLtMatrixLayoutDestroy(bd);
	if (ad)
		cublasLtMatrixLayoutDestroy(ad);
	if (desc)
		cublasLtMatmulDescDestroy(desc);
	return st;
}

/* Grid of 256-thread blocks covering n elements */
static unsigned
FkBlocks(size_t n)
{
	return (unsigned) ((n + 255) / 256);
}

/*
 * Rows [r0, r0 + m) of a layer in device memory: its shape and device
 * pointers already offset to the block, and the stream it runs on
 */
typedef struct FkDevBlock
{
	int			op;
	size_t		m;
	size_t		n;
	size_t		k;
	const double *x;
	double	   *xg;				/* GELU of x (gelu_linear) */
	const double *w;
	const double *bias;			/* NULL when unused */
	const double *res;			/* NULL when unused */
	double	   *out;
	cudaStream_t stream;
	void	   *workspace;
} FkDevBlock;

/* Run a block whose operands are on the device; 0 or -1 with err */
static int
FkRunOnDevice(const FkDevBlock *L, FkCudaPath path, char *err, size_t errlen)
{
	size_t		mn = L->m * L->n;
	size_t		mk = L->m * L->k;
	const double *xin = L->x;
	const double *res = L->res;
	const double *bias = L->bias;
	cudaStream_t stream = L->stream;
	cublasStatus_t st;

	if (path == FK_CUDA_AUTO)
		path = 2.0 * L->m * L->n * L->k < FK_OWN_MAX_FLOPS ? FK_CUDA_OWN : FK_CUDA_LT;
	if (path == FK_CUDA_OWN && (L->m + FK_TILE - 1) / FK_TILE > 65535)
	{
		/* the grid's y dimension is limited; cuBLASLt has no such limit */
		snprintf(err, errlen, "%zu rows exceed the own kernel's grid", L->m);
		return -1;
	}
	if (path == FK_CUDA_OWN)
	{
		dim3		block(FK_TILE, FK_TILE);
		dim3		grid((unsigned) ((L->n + FK_TILE - 1) / FK_TILE),
						 (unsigned) ((L->m + FK_TILE - 1) / FK_TILE));

		FkLayerKernel<<<grid, block, 0, stream>>>(L->op, L->m, L->n, L->k,
												  L->x, L->w, bias, res, L->out);
		return 0;
	}
	if (L->op == FK_DENSE_GELU_LINEAR)
	{
		FkGeluKernel<<<FkBlocks(mk), 256, 0, stream>>>(L->xg, L->x, mk);
		xin = L->xg;
	}
	if (path == FK_CUDA_LT)
	{
		cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_DEFAULT;

		if (L->op == FK_DENSE_LINEAR_RESIDUAL_RELU)
			epi = CUBLASLT_EPILOGUE_RELU_BIAS;
		else if (L->op == FK_DENSE_GELU_LINEAR)
			epi = CUBLASLT_EPILOGUE_BIAS;
		st = FkLtMatmul(L->m, L->n, L->k, xin, L->w, res, bias, epi, L->out,
						stream, L->workspace);
		if (st == CUBLAS_STATUS_SUCCESS)
			return 0;
		snprintf(err, errlen, "cublasLtMatmul with epilogue: %s", cublasLtGetStatusString(st));
		return -1;
	}
	/* unfused: product, then residual, bias and ReLU one kernel each */
	st = FkLtMatmul(L->m, L->n, L->k, xin, L->w, NULL, NULL,
					CUBLASLT_EPILOGUE_DEFAULT, L->out, stream, L->workspace);
	if (st != CUBLAS_STATUS_SUCCESS)
	{
		snprintf(err, errlen, "cublasLtMatmul: %s", cublasLtGetStatusString(st));
		return -1;
	}
	if (res)
		FkAddKernel<<<FkBlocks(mn), 256, 0, stream>>>(L->out, res, mn);
	if (bias)
		FkBiasKernel<<<FkBlocks(mn), 256, 0, stream>>>(L->out, bias, mn, L->n);
	if (L->op == FK_DENSE_LINEAR_RESIDUAL_RELU)
		FkReluKernel<<<FkBlocks(mn), 256, 0, stream>>>(L->out, mn);
	return 0;
}

/* Copy n doubles from host to device on a stream */
static cudaError_t
FkCopyIn(double *dst, const double *src, size_t n, cudaStream_t stream)
{
	return cudaMemcpyAsync(dst, src, n * sizeof(double), cudaMemcpyHostToDevice, stream);
}

/* The interface version this module was built with (fk_cuda.h) */
extern "C" const int fk_cuda_abi_version = FK_CUDA_ABI_VERSION;

extern "C" int
fk_cuda_open(int device, char *name, size_t namelen, char *err, size_t errlen)
{
	int			count = 0;
	cudaError_t rc = cudaGetDeviceCount(&count);
	cudaDeviceProp prop;

	if (rc != cudaSuccess)
		return FkCudaFail(rc, "no CUDA device", err, errlen);
	if (device >= count)
	{
		snprintf(err, errlen, "device %d requested, %d present", device, count);
		return -1;
	}
	if ((rc = cudaSetDevice(device)) != cudaSuccess ||
		(rc = cudaGetDeviceProperties(&prop, device)) != cudaSuccess ||
		(rc = cudaEventCreateWithFlags(&fk_operands_ready, cudaEventDisableTiming)) != cudaSuccess)
		return FkCudaFail(rc, "CUDA set-up", err, errlen);
	for (int i = 0; i < FK_NSTREAMS; i++)
		if ((rc = cudaStreamCreateWithFlags(&fk_streams[i], cudaStreamNonBlocking)) != cudaSuccess ||
			(rc = cudaMalloc(&fk_workspaces[i], FK_LT_WORKSPACE)) != cudaSuccess)
			return FkCudaFail(rc, "CUDA set-up", err, errlen);
	if (cublasLtCreate(&fk_lt) != CUBLAS_STATUS_SUCCESS)
	{
		snprintf(err, errlen, "cublasLtCreate failed");
		return -1;
	}
	snprintf(name, namelen, "%s", prop.name);
	return 0;
}

/* Pin host memory (the staging area) for asynchronous copies at link speed */
extern "C" int
fk_cuda_register_host(void *ptr, size_t len, char *err, size_t errlen)
{
	cudaError_t rc = cudaHostRegister(ptr, len, cudaHostRegisterDefault);

	return rc == cudaSuccess ? 0 : FkCudaFail(rc, "cudaHostRegister", err, errlen);
}

/* Unpin host memory registered by fk_cuda_register_host */
extern "C" int
fk_cuda_unregister_host(void *ptr, char *err, size_t errlen)
{
	cudaError_t rc = cudaHostUnregister(ptr);

	return rc == cudaSuccess ? 0 : FkCudaFail(rc, "cudaHostUnregister", err, errlen);
}

/* Rows per block: the whole layer when small, else FK_SPLIT_BLOCKS blocks */
static size_t
FkBlockRows(const FkDenseLayer *L)
{
	size_t		rows;

	if (2.0 * L->m * L->n * L->k < FK_SPLIT_MIN_FLOPS || L->m < 2 * FK_TILE)
		return L->m;
	rows = (L->m + FK_SPLIT_BLOCKS - 1) / FK_SPLIT_BLOCKS;
	return (rows + FK_TILE - 1) / FK_TILE * FK_TILE;
}

/*
 * Copy a block's rows in, run it, copy its result out, all queued on its
 * stream.  FK_CUDA_AUTO takes the own kernel for small layers and cuBLASLt
 * above, and the other one when the first refuses (cuBLASLt without the
 * FP64 epilogue, the own kernel past its grid).
 */
static int
FkIssueBlock(const FkDenseLayer *L, FkCudaPath path, size_t r0, size_t r1,
			 int si, char *err, size_t errlen)
{
	size_t		rows = r1 - r0;
	FkDevBlock	b;
	cudaError_t rc;

	b.op = L->op;
	b.m = rows;
	b.n = L->n;
	b.k = L->k;
	b.x = fk_x.ptr + r0 * L->k;
	b.xg = fk_xg.ptr ? fk_xg.ptr + r0 * L->k : NULL;
	b.w = fk_w.ptr;
	b.bias = L->bias ? fk_bias.ptr : NULL;
	b.res = L->residual ? fk_res.ptr + r0 * L->n : NULL;
	b.out = fk_out.ptr + r0 * L->n;
	b.stream = fk_streams[si];
	b.workspace = fk_workspaces[si];
	if ((rc = FkCopyIn((double *) b.x, L->x + r0 * L->k, rows * L->k, b.stream)) != cudaSuccess ||
		(L->residual &&
		 (rc = FkCopyIn((double *) b.res, L->residual + r0 * L->n, rows * L->n, b.stream)) != cudaSuccess))
		return FkCudaFail(rc, "copy to the device", err, errlen);
	if (si > 0 && (rc = cudaStreamWaitEvent(b.stream, fk_operands_ready, 0)) != cudaSuccess)
		return FkCudaFail(rc, "stream wait", err, errlen);
	if (FkRunOnDevice(&b, path, err, errlen) != 0)
	{
		/* under AUTO, each fused path stands in for the other */
		if (path != FK_CUDA_AUTO ||
			(FkRunOnDevice(&b, FK_CUDA_OWN, err, errlen) != 0 &&
			 FkRunOnDevice(&b, FK_CUDA_LT, err, errlen) != 0))
			return -1;
	}
	if ((rc = cudaGetLastError()) != cudaSuccess)
		return FkCudaFail(rc, "kernel launch", err, errlen);
	rc = cudaMemcpyAsync(L->out + r0 * L->n, b.out, rows * L->n * sizeof(double),
						 cudaMemcpyDeviceToHost, b.stream);
	return rc == cudaSuccess ? 0 : FkCudaFail(rc, "copy from the device", err, errlen);
}

/*
 * Run one layer from host memory to host memory, by blocks of rows on two
 * streams; progress is told before each block is issued and stops the
 * layer when it says so.  Both streams are drained before returning, so no
 * copy into out is under way once this returns, whatever it returns.
 */
extern "C" int
fk_cuda_layer(const FkDenseLayer *L, FkCudaPath path, FkCudaProgressFn progress,
			  void *arg, char *err, size_t errlen)
{
	size_t		mn = L->m * L->n;
	size_t		block = FkBlockRows(L);
	int			result = 0;
	int			nblock = 0;
	cudaError_t rc;

	if ((rc = FkDevReserve(&fk_x, L->m * L->k)) != cudaSuccess ||
		(rc = FkDevReserve(&fk_w, L->k * L->n)) != cudaSuccess ||
		(rc = FkDevReserve(&fk_bias, L->bias ? L->n : 0)) != cudaSuccess ||
		(rc = FkDevReserve(&fk_res, L->residual ? mn : 0)) != cudaSuccess ||
		(rc = FkDevReserve(&fk_xg, L->op == FK_DENSE_GELU_LINEAR ? L->m * L->k : 0)) != cudaSuccess ||
		(rc = FkDevReserve(&fk_out, mn)) != cudaSuccess)
		return FkCudaFail(rc, "device memory", err, errlen);
	if ((rc = FkCopyIn(fk_w.ptr, L->w, L->k * L->n, fk_streams[0])) != cudaSuccess ||
		(L->bias && (rc = FkCopyIn(fk_bias.ptr, L->bias, L->n, fk_streams[0])) != cudaSuccess) ||
		(rc = cudaEventRecord(fk_operands_ready, fk_streams[0])) != cudaSuccess)
		return FkCudaFail(rc, "copy to the device", err, errlen);
	for (size_t r0 = 0; r0 < L->m; r0 += block, nblock++)
	{
		if (progress != NULL && progress(arg, r0) != 0)
		{
			snprintf(err, errlen, "abandoned");
			result = -1;
			break;
		}
		if (FkIssueBlock(L, path, r0, r0 + block < L->m ? r0 + block : L->m,
						 nblock % FK_NSTREAMS, err, errlen) != 0)
		{
			result = -1;
			break;
		}
	}
	for (int i = 0; i < FK_NSTREAMS; i++)
	{
		rc = cudaStreamSynchronize(fk_streams[i]);
		if (rc != cudaSuccess && result == 0)
			result = FkCudaFail(rc, "layer", err, errlen);
	}
	return result;
}
