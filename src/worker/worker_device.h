/*
 * worker_device.h
 *		The executor worker's handling of its device process (worker_device.c).
 */
#ifndef FK_DENSE_DEVICE_H
#define FK_DENSE_DEVICE_H

#include "device/staging.h"

/* The device program, installed in the package library directory */
#define FK_DEVICE_PROGRAM "fusekern_executor"

extern pid_t FkDeviceStart(const char *name, int *note_fd);
extern bool FkDeviceReadNotes(int fd, pid_t pid, FkStagingHeader *area);
extern int	FkDeviceGone(FkStagingHeader *area);
extern void FkDeviceExitText(int status, char *buf, size_t len);

#endif							/* FK_DENSE_DEVICE_H */
