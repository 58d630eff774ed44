/*
 * worker.h
 *		What the rest of the server sees of the executor worker: sending a
 *		dense layer to it, its GUCs and registration, its state for
 *		fusekern_info().  The worker knows layers only as core/dense.h
 *		describes them: it includes nothing of dense/.
 */
#ifndef FK_WORKER_H
#define FK_WORKER_H

#include "core/dense.h"

/* worker_client.c: send a layer to the worker; false when the CPU must answer */
extern bool FkWorkerOffload(const FkDenseLayer *layer);

/* worker.c and worker_shmem.c: the optional executor worker */
extern bool fk_cuda_enabled;
extern char *fk_cuda_device;
extern double fk_cuda_min_flops;
extern double fk_cuda_max_queued_flops;
extern int	fk_cuda_debug_delay;
extern void FkWorkerInit(void);
extern char *FkExecutorStateText(void);

#endif							/* FK_WORKER_H */
