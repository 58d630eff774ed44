/*
 * interrupt.c
 *		The interrupt hook of the kernel core (interrupt.h).
 */
#include <stddef.h>

#include "interrupt.h"

void		(*FkInterruptHook) (void) = NULL;
