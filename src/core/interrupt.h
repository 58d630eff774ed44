/*
 * interrupt.h
 *		How the kernel core lets the server serve interrupts inside a long
 *		loop of its own.
 *
 * The server glue calls the core a block at a time and serves interrupts
 * between blocks, but a few steps of the core work over a range whose size
 * an argument sets (the suffixes of a rolling window of w elements, a row
 * of a cross-row aggregate): those call FkCheckInterrupts every
 * FK_INTERRUPT_EVERY elements.  The glue points FkInterruptHook at a
 * function that runs CHECK_FOR_INTERRUPTS (which may leave by an error, so
 * the core holds nothing there that it would have to release); elsewhere
 * (unit tests, fuzzers, benchmarks) it stays NULL.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_INTERRUPT_H
#define FK_INTERRUPT_H

#include <stddef.h>

/* Elements a core loop runs between two calls of FkCheckInterrupts */
#define FK_INTERRUPT_EVERY 65536

/* Serves pending interrupts; NULL outside the server */
extern void (*FkInterruptHook) (void);

/* Let the server serve pending interrupts (a cancel raises its error) */
static inline void
FkCheckInterrupts(void)
{
	if (FkInterruptHook != NULL)
		FkInterruptHook();
}

/* In a loop over elements: after every FK_INTERRUPT_EVERY-th element i */
static inline void
FkCheckInterruptsAfter(size_t i)
{
	if (i % FK_INTERRUPT_EVERY == FK_INTERRUPT_EVERY - 1)
		FkCheckInterrupts();
}

#endif							/* FK_INTERRUPT_H */
