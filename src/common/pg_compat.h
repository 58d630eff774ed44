/*
 * pg_compat.h
 *		What differs between the PostgreSQL versions fusekern builds against
 *		(15 to 18), in one place.
 */
#ifndef FK_PG_COMPAT_H
#define FK_PG_COMPAT_H

/*
 * 15 is the oldest: the executor worker asks for its shared memory from
 * shmem_request_hook, which 15 introduced (earlier versions took requests
 * in _PG_init and have no such hook).
 */
#if PG_VERSION_NUM < 150000
#error "fusekern needs PostgreSQL 15 or later"
#endif

/*
 * The varlena macros (VARSIZE, SET_VARSIZE, VARDATA...): 16 moved them from
 * postgres.h into varatt.h, which postgres.h no longer includes.
 */
#if PG_VERSION_NUM >= 160000
#include "varatt.h"
#endif

/*
 * float8in_internal: 16 added a soft-error context as last argument (NULL:
 * errors are thrown, as in 15).
 */
#if PG_VERSION_NUM >= 160000
#define FkFloat8In(num, type_name, orig) \
	float8in_internal((num), NULL, (type_name), (orig), NULL)
#else
#define FkFloat8In(num, type_name, orig) \
	float8in_internal((num), NULL, (type_name), (orig))
#endif

/*
 * 16 replaced the per-catalog ACL checks (pg_proc_aclcheck...) by
 * object_aclcheck: the old name stands for the new call.
 */
#if PG_VERSION_NUM >= 160000
#include "catalog/pg_proc_d.h"
#define pg_proc_aclcheck(proc, role, mode) \
	object_aclcheck(ProcedureRelationId, (proc), (role), (mode))
#endif

/*
 * 18 replaced the suffix pg_attribute_noreturn() by the prefix pg_noreturn
 * (C11's _Noreturn); before, the attribute stands in the prefix position.
 */
#ifndef pg_noreturn
#define pg_noreturn pg_attribute_noreturn()
#endif

/*
 * MaxArraySize: utils/array.h has defined it since November 2023; older
 * minors of 15 and 16 (16beta2 among them) lack it.  Core's definition.
 */
#include "utils/array.h"
#include "utils/memutils.h"
#ifndef MaxArraySize
#define MaxArraySize ((Size) (MaxAllocSize / sizeof(Datum)))
#endif

/*
 * CreateWaitEventSet: 17 takes a resource owner (NULL: freed explicitly)
 * where 15 and 16 took a memory context.
 */
#if PG_VERSION_NUM >= 170000
#define FkCreateWaitEventSet(nevents) CreateWaitEventSet(NULL, (nevents))
#else
#define FkCreateWaitEventSet(nevents) CreateWaitEventSet(TopMemoryContext, (nevents))
#endif

#endif							/* FK_PG_COMPAT_H */
