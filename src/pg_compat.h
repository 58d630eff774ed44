/*
 * pg_compat.h
 *		What differs between the PostgreSQL versions fusekern builds against
 *		(15 to 17), in one place.
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

#endif							/* FK_PG_COMPAT_H */
