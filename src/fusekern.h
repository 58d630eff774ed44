/*
 * fusekern.h
 *		Declarations shared by the server-side files of fusekern.
 */
#ifndef FUSEKERN_H
#define FUSEKERN_H

extern void _PG_init(void);

#endif							/* FUSEKERN_H */
