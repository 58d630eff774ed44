/*
 * pg_shim.c
 *		The server functions the fuzz harnesses link against: palloc and
 *		friends over malloc (one arena, freed by FkShimReset after every
 *		input), error reporting that jumps to PG_TRY on ERROR, interrupts,
 *		the stack-depth check, and the few type and protocol helpers the
 *		extension's parsers call.  Only what the harnesses reach.
 */
#include "postgres.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/shortest_dec.h"
#include "lib/stringinfo.h"
#include "libpq/pqformat.h"
#include "miscadmin.h"
#include "parser/scansup.h"
#include "utils/float.h"
#include "utils/memutils.h"

#include "pg_shim.h"

/* Every palloc'd chunk, on one list so that a reset can free it */
typedef struct FkShimChunk
{
	struct FkShimChunk *prev;
	struct FkShimChunk *next;
	Size		size;
	Size		pad;			/* keep the user data 16-byte aligned */
} FkShimChunk;

static FkShimChunk fk_arena = {&fk_arena, &fk_arena, 0, 0};

/* A context object for code that reads or switches the current context */
static MemoryContextData fk_context;

MemoryContext CurrentMemoryContext = &fk_context;
MemoryContext TopMemoryContext = &fk_context;
MemoryContext ErrorContext = &fk_context;

sigjmp_buf *PG_exception_stack = NULL;
ErrorContextCallback *error_context_stack = NULL;
volatile sig_atomic_t InterruptPending = false;

int			fk_shim_sqlerrcode;
char		fk_shim_message[1024];

static int	fk_elevel;
static char *fk_stack_base;

/* Allocate size bytes in the arena; the server's size limit applies */
static void *
FkShimAlloc(Size size, bool zero, bool huge)
{
	FkShimChunk *c;

	if (!(huge ? AllocHugeSizeIsValid(size) : AllocSizeIsValid(size)))
		elog(ERROR, "invalid memory alloc request size %zu", size);
	c = malloc(sizeof(FkShimChunk) + size);
	if (c == NULL)
		ereport(ERROR,
				(errcode(ERRCODE_OUT_OF_MEMORY),
				 errmsg("out of memory")));
	if (zero)
		memset(c + 1, 0, size);
	c->size = size;
	c->prev = &fk_arena;
	c->next = fk_arena.next;
	fk_arena.next->prev = c;
	fk_arena.next = c;
	return c + 1;
}

/* The chunk header of a palloc'd pointer */
static FkShimChunk *
FkShimChunkOf(void *p)
{
	return ((FkShimChunk *) p) - 1;
}

/* palloc */
void *
palloc(Size size)
{
	return FkShimAlloc(size, false, false);
}

/* palloc0 */
void *
palloc0(Size size)
{
	return FkShimAlloc(size, true, false);
}

/* palloc_extended: zeroing and huge requests */
void *
palloc_extended(Size size, int flags)
{
	return FkShimAlloc(size, (flags & MCXT_ALLOC_ZERO) != 0,
					   (flags & MCXT_ALLOC_HUGE) != 0);
}

/* MemoryContextAllocExtended: every context is the arena */
void *
MemoryContextAllocExtended(MemoryContext context, Size size, int flags)
{
	return palloc_extended(size, flags);
}

/* MemoryContextAlloc: every context is the arena */
void *
MemoryContextAlloc(MemoryContext context, Size size)
{
	return FkShimAlloc(size, false, false);
}

/* MemoryContextAllocHuge: every context is the arena */
void *
MemoryContextAllocHuge(MemoryContext context, Size size)
{
	return FkShimAlloc(size, false, true);
}

/* MemoryContextAllocZero */
void *
MemoryContextAllocZero(MemoryContext context, Size size)
{
	return FkShimAlloc(size, true, false);
}

/* pfree */
void
pfree(void *pointer)
{
	FkShimChunk *c = FkShimChunkOf(pointer);

	c->prev->next = c->next;
	c->next->prev = c->prev;
	free(c);
}

/* repalloc: a new chunk with the old contents */
void *
repalloc(void *pointer, Size size)
{
	FkShimChunk *c = FkShimChunkOf(pointer);
	void	   *p = FkShimAlloc(size, false, false);

	memcpy(p, pointer, Min(size, c->size));
	pfree(pointer);
	return p;
}

/* repalloc_huge */
void *
repalloc_huge(void *pointer, Size size)
{
	FkShimChunk *c = FkShimChunkOf(pointer);
	void	   *p = FkShimAlloc(size, false, true);

	memcpy(p, pointer, Min(size, c->size));
	pfree(pointer);
	return p;
}

/* pstrdup */
char *
pstrdup(const char *in)
{
	Size		len = strlen(in) + 1;

	return memcpy(palloc(len), in, len);
}

/* pnstrdup: at most len bytes of in, terminated */
char *
pnstrdup(const char *in, Size len)
{
	char	   *out;

	len = strnlen(in, len);
	out = palloc(len + 1);
	memcpy(out, in, len);
	out[len] = '\0';
	return out;
}

/* Free every chunk of the arena */
void
FkShimReset(void)
{
	while (fk_arena.next != &fk_arena)
		pfree(fk_arena.next + 1);
}

/* Start an error report; only ERROR and above are formatted */
bool
errstart(int elevel, const char *domain)
{
	if (elevel < ERROR)
		return false;
	fk_elevel = elevel;
	fk_shim_sqlerrcode = ERRCODE_INTERNAL_ERROR;
	fk_shim_message[0] = '\0';
	return true;
}

/* errstart, for the unlikely branch */
bool
errstart_cold(int elevel, const char *domain)
{
	return errstart(elevel, domain);
}

/* End of a report: an ERROR jumps to the innermost PG_TRY */
void
errfinish(const char *filename, int lineno, const char *funcname)
{
	if (fk_elevel >= FATAL || PG_exception_stack == NULL)
	{
		fprintf(stderr, "%s:%d: %s: %s\n", filename, lineno, funcname,
				fk_shim_message);
		abort();
	}
	siglongjmp(*PG_exception_stack, 1);
}

/* Pass the error being handled on to the next PG_TRY out (PG_FINALLY) */
void
pg_re_throw(void)
{
	if (PG_exception_stack == NULL)
	{
		fprintf(stderr, "error rethrown with no handler: %s\n", fk_shim_message);
		abort();
	}
	siglongjmp(*PG_exception_stack, 1);
}

/* errcode */
int
errcode(int sqlerrcode)
{
	fk_shim_sqlerrcode = sqlerrcode;
	return 0;
}

/* Format fmt and its arguments into buf, as the server checks them */
#define FK_SHIM_FORMAT(buf, fmt) \
	do { \
		va_list		args_; \
		va_start(args_, fmt); \
		vsnprintf(buf, sizeof(buf), fmt, args_); \
		va_end(args_); \
	} while (0)

/* errmsg */
int
errmsg(const char *fmt,...)
{
	FK_SHIM_FORMAT(fk_shim_message, fmt);
	return 0;
}

/* errmsg_internal (elog) */
int
errmsg_internal(const char *fmt,...)
{
	FK_SHIM_FORMAT(fk_shim_message, fmt);
	return 0;
}

/* errdetail: formatted to check its arguments, then dropped */
int
errdetail(const char *fmt,...)
{
	char		buf[1024];

	FK_SHIM_FORMAT(buf, fmt);
	return 0;
}

/* errhint: as errdetail */
int
errhint(const char *fmt,...)
{
	char		buf[1024];

	FK_SHIM_FORMAT(buf, fmt);
	return 0;
}

/* Abort (a finding) unless the last ERROR's SQLSTATE is one of codes */
void
FkShimExpectError(const char *what, const int *codes, int ncodes)
{
	for (int i = 0; i < ncodes; i++)
		if (fk_shim_sqlerrcode == codes[i])
			return;
	fprintf(stderr, "%s: unexpected error %s: %s\n", what,
			unpack_sql_state(fk_shim_sqlerrcode), fk_shim_message);
	abort();
}

/* unpack_sql_state: the five characters of a SQLSTATE */
char *
unpack_sql_state(int sql_state)
{
	static char buf[12];

	for (int i = 0; i < 5; i++)
	{
		buf[i] = PGUNSIXBIT(sql_state);
		sql_state >>= 6;
	}
	buf[5] = '\0';
	return buf;
}

/* No interrupts arrive in a harness */
void
ProcessInterrupts(void)
{
	InterruptPending = false;
}

/* Mark the stack base that check_stack_depth measures from */
void
FkShimStackBase(void)
{
	char		here;

	fk_stack_base = &here;
}

/* The server's check with its default limit (max_stack_depth = 2MB) */
void
check_stack_depth(void)
{
	char		here;
	long		depth = (long) (fk_stack_base - &here);

	if (fk_stack_base != NULL && (depth < 0 ? -depth : depth) > 2048L * 1024 - 512 * 1024)
		ereport(ERROR,
				(errcode(ERRCODE_STATEMENT_TOO_COMPLEX),
				 errmsg("stack depth limit exceeded")));
}

/* scanner_isspace, as in parser/scansup.c */
bool
scanner_isspace(char ch)
{
	return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' ||
		ch == '\v';
}

/* The server's syntax error of float8in */
static void
FkShimFloatSyntax(const char *type_name, const char *orig_string)
{
	ereport(ERROR,
			(errcode(ERRCODE_INVALID_TEXT_REPRESENTATION),
			 errmsg("invalid input syntax for type %s: \"%s\"",
					type_name, orig_string)));
}

/*
 * float8in_internal as PostgreSQL 15 has it: strtod, the spellings of NaN
 * and infinity, an error for overflow and for underflow to zero, trailing
 * white space allowed.  16 added a soft-error context as last argument:
 * fusekern passes NULL (FkFloat8In), so errors are thrown, as here.
 */
#if PG_VERSION_NUM >= 160000
double
float8in_internal(char *num, char **endptr_p, const char *type_name,
				  const char *orig_string, struct Node *escontext)
#else
double
float8in_internal(char *num, char **endptr_p, const char *type_name,
				  const char *orig_string)
#endif
{
	static const struct
	{
		const char *word;
		double		val;
	}			words[] = {
		{"NaN", NAN}, {"Infinity", INFINITY}, {"+Infinity", INFINITY},
		{"-Infinity", -INFINITY}, {"inf", INFINITY}, {"+inf", INFINITY},
		{"-inf", -INFINITY}
	};
	double		val;
	char	   *endptr;

	while (*num != '\0' && isspace((unsigned char) *num))
		num++;
	if (*num == '\0')
		FkShimFloatSyntax(type_name, orig_string);
	errno = 0;
	val = strtod(num, &endptr);
	if (endptr == num || errno != 0)
	{
		int			save_errno = errno;
		int			i;

		for (i = 0; i < lengthof(words); i++)
			if (pg_strncasecmp(num, words[i].word, strlen(words[i].word)) == 0)
				break;
		if (i < lengthof(words))
		{
			val = words[i].val;
			endptr = num + strlen(words[i].word);
		}
		else if (save_errno == ERANGE)
		{
			if (val == 0.0 || val >= HUGE_VAL || val <= -HUGE_VAL)
			{
				char	   *errnumber = pstrdup(num);

				errnumber[endptr - num] = '\0';
				ereport(ERROR,
						(errcode(ERRCODE_NUMERIC_VALUE_OUT_OF_RANGE),
						 errmsg("\"%s\" is out of range for type double precision",
								errnumber)));
			}
		}
		else
			FkShimFloatSyntax(type_name, orig_string);
	}
	while (*endptr != '\0' && isspace((unsigned char) *endptr))
		endptr++;
	if (endptr_p)
		*endptr_p = endptr;
	else if (*endptr != '\0')
		FkShimFloatSyntax(type_name, orig_string);
	return val;
}

/* float8out_internal with extra_float_digits > 0: shortest exact */
char *
float8out_internal(double num)
{
	char	   *ascii = palloc(32);

	double_to_shortest_decimal_buf(num, ascii);
	return ascii;
}

/* pg_detoast_datum: harness values are never toasted */
struct varlena *
pg_detoast_datum(struct varlena *datum)
{
	if (VARATT_IS_EXTENDED(datum))
		elog(ERROR, "toasted value in a fuzz harness");
	return datum;
}

/* toast_raw_datum_size: harness values are never toasted */
Size
toast_raw_datum_size(Datum value)
{
	struct varlena *attr = (struct varlena *) DatumGetPointer(value);

	if (VARATT_IS_EXTENDED(attr))
		elog(ERROR, "toasted value in a fuzz harness");
	return VARSIZE(attr);
}

/* pg_detoast_datum_slice: a copy of the part, as the server makes one */
struct varlena *
pg_detoast_datum_slice(struct varlena *datum, int32 first, int32 count)
{
	Size		size = VARSIZE(pg_detoast_datum(datum)) - VARHDRSZ;
	Size		from = Min((Size) first, size);
	Size		n = count < 0 ? size - from : Min((Size) count, size - from);
	struct varlena *part = palloc(VARHDRSZ + n);

	memcpy(VARDATA(part), VARDATA(datum) + from, n);
	SET_VARSIZE(part, VARHDRSZ + n);
	return part;
}

/* pq_getmsgint, as in libpq/pqformat.c */
unsigned int
pq_getmsgint(StringInfo msg, int b)
{
	unsigned int result;
	uint32		n32;

	if (b != 4)
		elog(ERROR, "unsupported integer size %d", b);
	pq_copymsgbytes(msg, (char *) &n32, 4);
	result = pg_ntoh32(n32);
	return result;
}

/* pq_copymsgbytes, as in libpq/pqformat.c */
void
pq_copymsgbytes(StringInfo msg, char *buf, int datalen)
{
	if (datalen < 0 || datalen > (msg->len - msg->cursor))
		ereport(ERROR,
				(errcode(ERRCODE_PROTOCOL_VIOLATION),
				 errmsg("insufficient data left in message")));
	memcpy(buf, &msg->data[msg->cursor], datalen);
	msg->cursor += datalen;
}

/* pq_begintypsend, as in libpq/pqformat.c */
void
pq_begintypsend(StringInfo buf)
{
	initStringInfo(buf);
	appendStringInfoCharMacro(buf, '\0');
	appendStringInfoCharMacro(buf, '\0');
	appendStringInfoCharMacro(buf, '\0');
	appendStringInfoCharMacro(buf, '\0');
}

/* pq_endtypsend, as in libpq/pqformat.c */
bytea *
pq_endtypsend(StringInfo buf)
{
	bytea	   *result = (bytea *) buf->data;

	SET_VARSIZE(result, buf->len);
	return result;
}

/* pq_sendfloat8, as in libpq/pqformat.c */
void
pq_sendfloat8(StringInfo buf, float8 f)
{
	union
	{
		float8		f;
		int64		i;
	}			swap;

	swap.f = f;
	pq_sendint64(buf, swap.i);
}
