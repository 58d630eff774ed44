/*
 * pg_fuse_group.c
 *		One pass for the sibling reductions of a plan node: the executor
 *		start hook that groups fused_reduce calls over the same arguments,
 *		and the memo through which the members of a group share one pass
 *		per row.
 *
 * When a plan starts, the calls of fused_reduce in one plan node's target list
 * and quals (HAVING is the qual of its Agg node, ORDER BY entries are
 * resjunk columns of the node below the sort) whose arguments after the
 * program are equal and stable are the members of a group.  Each member's
 * program text becomes "k of p1; p2; ...": its own program is pk, the
 * others those of its siblings, so EXPLAIN shows what each call computes
 * and with which it is computed.
 *
 * At run time the first member called for a row runs the group's program
 * once (pg_fuse_exec.c: one detoast, the subtrees the members share
 * computed once, every accumulator fed from the same blocks) and keeps all
 * the results in a memo; its siblings, called for the same arguments, read
 * theirs from it.  The memo is keyed by the group's text and the bytes of
 * the arguments as passed: a value stored out of line by its TOAST pointer
 * (which names one stored value while the query's snapshot holds), any
 * other value by its bytes, compared in full; an argument in another form
 * (an expanded object, as a PL/pgSQL variable may be) or NULL keeps the
 * members apart, each running on its own.  An entry lives in a memory
 * context under the executor's per-query context of its call site, so it
 * goes when that query ends, or at its error, and never outlives the
 * snapshot its TOAST pointers were read under; transaction end clears what
 * is left.
 *
 * A plan that a plan cache keeps (a PlannedStmt in a "CachedPlan" memory
 * context: a prepared statement, a PL/pgSQL statement, an extended-protocol
 * statement) is grouped at its first start only: the grouped copy, or the
 * finding that it has no group, is kept with it, in its own memory context,
 * and a callback on that context forgets it when the plan goes (released,
 * replanned, deallocated).  The setting is still read at every start.
 *
 * Results and errors are those of the separate calls: a member's value
 * comes from its own accumulator over the values its own program computes;
 * wherever its own call would do anything but return a value (a NULL or
 * invalid argument, a check that fails, an overflow, a pass too large for
 * its budget), the member evaluates on its own, as the separate call,
 * raising its error in its turn.  A user who may not execute a function of
 * a sibling's program gets no group pass (each member then checks and runs
 * its own).
 */
#include "postgres.h"

#include <ctype.h>

#include "access/detoast.h"
#include "access/xact.h"
#include "catalog/pg_type.h"
#include "miscadmin.h"
#include "nodes/makefuncs.h"
#include "nodes/nodeFuncs.h"
#include "executor/executor.h"
#include "optimizer/optimizer.h"
#include "utils/acl.h"
#include "utils/builtins.h"
#include "utils/guc.h"
#include "utils/hsearch.h"
#include "utils/memutils.h"

#include "common/pg_compat.h"
#include "fuse/pg_fuse.h"
#include "fuse/pg_fuse_exec.h"

/* Memo entries kept at once: two or more groups in one row interleave */
#define FK_FUSE_MEMO_SIZE 4

/* One argument of a memo key */
typedef struct FkFuseKeyArg
{
	bool		ondisk;			/* a TOAST pointer's bytes */
	Size		len;			/* bytes, or 0 for a by-value Datum */
	Datum		value;			/* the by-value Datum, or the bytes */
} FkFuseKeyArg;

/* The results of one group pass, for one group and arguments */
typedef struct FkFuseMemo
{
	MemoryContext cxt;			/* holds the copies; NULL: entry free */
	MemoryContext query;		/* the call sites' per-query context */
	char	   *group;
	size_t		grouplen;
	int			nargs;
	FkFuseKeyArg *args;
	int			nmembers;
	FkFuseMemberResult results[FK_FUSE_GROUP_MAX];
	uint64		used;			/* last use, for replacement */
} FkFuseMemo;

static FkFuseMemo memo[FK_FUSE_MEMO_SIZE];
static uint64 memo_clock = 0;
static bool memo_xact_registered = false;
static ExecutorStart_hook_type prev_executor_start = NULL;

/* A cached plan and what its start runs, kept while the plan lives */
typedef struct FkFuseKeptPlan
{
	PlannedStmt *stmt;			/* the hash key: the plan as cached */
	PlannedStmt *grouped;		/* its grouped copy, or NULL: no group */
} FkFuseKeptPlan;

/* The cached plans started with groups on, by address */
static HTAB *kept_plans = NULL;

/* fusekern.enable_fusion_groups */
static bool fk_enable_fusion_groups = true;

/* The memory context of entry arg went: the entry is free */
static void
FkFuseMemoGone(void *arg)
{
	((FkFuseMemo *) arg)->cxt = NULL;
}

/* Transaction end: free every entry left */
static void
FkFuseMemoXact(XactEvent event, void *arg)
{
	if (event != XACT_EVENT_COMMIT && event != XACT_EVENT_ABORT &&
		event != XACT_EVENT_PARALLEL_COMMIT &&
		event != XACT_EVENT_PARALLEL_ABORT && event != XACT_EVENT_PREPARE)
		return;
	for (int i = 0; i < FK_FUSE_MEMO_SIZE; i++)
		if (memo[i].cxt != NULL)
			MemoryContextDelete(memo[i].cxt);
}

/*
 * The key of argument i of the call of ex into *k; false when it has none
 * (NULL, or a form whose bytes do not name its value)
 */
static bool
FkFuseKeyOf(FunctionCallInfo fcinfo, const FkFuseExec *ex, int i,
			FkFuseKeyArg *k)
{
	Datum		d = PG_GETARG_DATUM(i + 1);
	Pointer		p;

	if (PG_ARGISNULL(i + 1) || i >= FK_FUSE_MAX_SLOTS)
		return false;
	k->ondisk = false;
	k->value = d;
	if (ex->argbyval[i])
	{
		k->len = 0;
		return true;
	}
	p = DatumGetPointer(d);
	if (ex->argtyplen[i] > 0)
		k->len = ex->argtyplen[i];
	else if (ex->argtyplen[i] != -1)
		return false;
	else if (VARATT_IS_EXTERNAL_ONDISK(p))
	{
		k->ondisk = true;
		k->len = VARSIZE_EXTERNAL(p);
	}
	else if (VARATT_IS_EXTERNAL(p))
		return false;
	else
		k->len = VARSIZE_ANY(p);
	return true;
}

/* Is key argument a (of a call) the same as b (of an entry)? */
static bool
FkFuseKeySame(const FkFuseKeyArg *a, const FkFuseKeyArg *b)
{
	if (a->ondisk != b->ondisk || a->len != b->len)
		return false;
	if (a->len == 0)
		return a->value == b->value;
	return memcmp(DatumGetPointer(a->value), DatumGetPointer(b->value),
				  a->len) == 0;
}

/* The entry for the call of ex with key args, or NULL */
static FkFuseMemo *
FkFuseMemoFind(FunctionCallInfo fcinfo, const FkFuseExec *ex,
			   const FkFuseKeyArg *args)
{
	for (int i = 0; i < FK_FUSE_MEMO_SIZE; i++)
	{
		FkFuseMemo *m = &memo[i];
		int			a = 0;

		if (m->cxt == NULL || m->query != fcinfo->flinfo->fn_mcxt ||
			m->nargs != ex->nargs || m->grouplen != ex->grouplen ||
			memcmp(m->group, ex->grouptext, ex->grouplen) != 0)
			continue;
		while (a < ex->nargs && FkFuseKeySame(&args[a], &m->args[a]))
			a++;
		if (a == ex->nargs)
		{
			m->used = ++memo_clock;
			return m;
		}
	}
	return NULL;
}

/* Keep the results of a pass for the call of ex with key args */
static void
FkFuseMemoStore(FunctionCallInfo fcinfo, const FkFuseExec *ex,
				const FkFuseKeyArg *args, const FkFuseGroup *g,
				const FkFuseMemberResult *results)
{
	FkFuseMemo *m = &memo[0];
	MemoryContext old;
	MemoryContextCallback *cb;

	if (!memo_xact_registered)
	{
		RegisterXactCallback(FkFuseMemoXact, NULL);
		memo_xact_registered = true;
	}
	for (int i = 1; i < FK_FUSE_MEMO_SIZE && m->cxt != NULL; i++)
		if (memo[i].cxt == NULL || memo[i].used < m->used)
			m = &memo[i];
	if (m->cxt != NULL)
		MemoryContextDelete(m->cxt);
	Assert(m->cxt == NULL);

	m->query = fcinfo->flinfo->fn_mcxt;
	m->cxt = AllocSetContextCreate(m->query, "fused group memo",
								   ALLOCSET_SMALL_SIZES);
	old = MemoryContextSwitchTo(m->cxt);
	cb = palloc(sizeof(MemoryContextCallback));
	cb->func = FkFuseMemoGone;
	cb->arg = m;
	MemoryContextRegisterResetCallback(m->cxt, cb);
	m->group = pnstrdup(ex->grouptext, ex->grouplen);
	m->grouplen = ex->grouplen;
	m->nargs = ex->nargs;
	m->args = palloc(sizeof(FkFuseKeyArg) * Max(ex->nargs, 1));
	for (int a = 0; a < ex->nargs; a++)
	{
		m->args[a] = args[a];
		if (args[a].len > 0)
		{
			void	   *copy = MemoryContextAllocHuge(m->cxt, args[a].len);

			memcpy(copy, DatumGetPointer(args[a].value), args[a].len);
			m->args[a].value = PointerGetDatum(copy);
		}
	}
	m->nmembers = g->nmembers;
	memcpy(m->results, results, sizeof(FkFuseMemberResult) * g->nmembers);
	m->used = ++memo_clock;
	MemoryContextSwitchTo(old);
}

/*
 * May the current user execute every function of every program of g?  A yes
 * is kept for that user, as FkFuseCheckExecute keeps it.
 */
static bool
FkFuseGroupAllowed(FkFuseGroup *g)
{
	Oid			userid = GetUserId();

	if (g->ex.funcs.checked_user == userid)
		return true;
	for (int i = 0; i < g->ex.funcs.n; i++)
		if (pg_proc_aclcheck(g->ex.funcs.oids[i], userid, ACL_EXECUTE) !=
			ACLCHECK_OK)
			return false;
	g->ex.funcs.checked_user = userid;
	return true;
}

/* See pg_fuse_exec.h */
bool
FkFuseGroupResult(FunctionCallInfo fcinfo, FkFuseExec *ex, Datum *result,
				  bool *isnull)
{
	FkFuseKeyArg args[FK_FUSE_MAX_SLOTS];
	FkFuseMemberResult results[FK_FUSE_GROUP_MAX];
	const FkFuseMemberResult *r;
	FkFuseMemo *m;
	FkFuseGroup *g;

	if (ex->nargs > FK_FUSE_MAX_SLOTS)
		return false;
	for (int a = 0; a < ex->nargs; a++)
		if (!FkFuseKeyOf(fcinfo, ex, a, &args[a]))
			return false;
	m = FkFuseMemoFind(fcinfo, ex, args);
	if (m != NULL)
		r = ex->member < m->nmembers ? &m->results[ex->member] : NULL;
	else
	{
		g = FkFuseGroupGet(fcinfo, ex);
		if (g == NULL || ex->member >= g->nmembers || !FkFuseGroupAllowed(g))
			return false;
		FkFuseGroupPass(fcinfo, g, results);
		FkFuseMemoStore(fcinfo, ex, args, g, results);
		r = &results[ex->member];
	}
	if (r == NULL || r->status == FK_MEMBER_SELF)
		return false;
	*isnull = r->status == FK_MEMBER_NULL;
	*result = *isnull ? (Datum) 0 : Float8GetDatum(r->value);
	return true;
}

/* The calls of fused_reduce in an expression, appended to *(List **) cx */
static bool
FkFuseCollectReduces(Node *node, void *cx)
{
	List	  **calls = (List **) cx;

	if (node == NULL)
		return false;
	if (IsA(node, FuncExpr) &&
		((FuncExpr *) node)->funcid == FkFuseReduceOid())
		*calls = lappend(*calls, node);
	return expression_tree_walker(node, FkFuseCollectReduces, cx);
}

/* The arguments of fused_reduce call f after its program */
static List *
FkFuseInputsOf(FuncExpr *f)
{
	return list_delete_first(list_copy(f->args));
}

/*
 * Does program text prog use a reduction as a scalar (the name of one
 * called after the root's), which its call computes in a first phase of
 * its own?
 */
static bool
FkFuseTextUsesScalarReduce(const char *prog)
{
	for (int rop = 0; rop < FK_ROP_COUNT; rop++)
	{
		size_t		len = strlen(FkReds[rop].name);

		for (const char *p = strstr(prog + 1, FkReds[rop].name); p != NULL;
			 p = strstr(p + 1, FkReds[rop].name))
			if (p[len] == '(' && !isalnum((unsigned char) p[-1]) &&
				p[-1] != '_')
				return true;
	}
	return false;
}

/*
 * The program of fused_reduce call f, a constant text not of a group, not
 * vdot (a reduction of two vectors) and using no reduction as a scalar, or
 * NULL
 */
static char *
FkFuseGroupable(FuncExpr *f)
{
	Const	   *c = linitial(f->args);
	char	   *prog;

	if (!IsA(c, Const) || c->constisnull || c->consttype != TEXTOID ||
		list_length(f->args) < 2)
		return NULL;
	prog = TextDatumGetCString(c->constvalue);
	if (prog[0] >= '0' && prog[0] <= '9')
		return NULL;
	if (strncmp(prog, "vdot(", 5) == 0 || strchr(prog, ';') != NULL ||
		FkFuseTextUsesScalarReduce(prog))
		return NULL;
	return prog;
}

/*
 * Group the calls of fused_reduce in the target list and quals of plan
 * when apply, else only say whether a group would form
 */
static bool
FkFuseGroupNode(Plan *plan, bool apply)
{
	List	   *calls = NIL;
	int			ncalls;
	FuncExpr  **call;
	char	  **prog;
	bool	   *done;
	bool		found = false;

	FkFuseCollectReduces((Node *) plan->targetlist, (void *) &calls);
	FkFuseCollectReduces((Node *) plan->qual, (void *) &calls);
	ncalls = list_length(calls);
	if (ncalls < 2)
		return false;
	call = palloc(sizeof(FuncExpr *) * ncalls);
	prog = palloc(sizeof(char *) * ncalls);
	done = palloc0(sizeof(bool) * ncalls);
	for (int i = 0; i < ncalls; i++)
	{
		call[i] = list_nth(calls, i);
		prog[i] = FkFuseGroupable(call[i]);
		done[i] = prog[i] == NULL ||
			contain_volatile_functions((Node *) FkFuseInputsOf(call[i]));
	}
	for (int i = 0; i < ncalls; i++)
	{
		int			member[FK_FUSE_GROUP_MAX];
		int			n = 0;
		StringInfoData group;

		if (done[i])
			continue;
		for (int j = i; j < ncalls && n < FK_FUSE_GROUP_MAX; j++)
			if (!done[j] &&
				equal(FkFuseInputsOf(call[i]), FkFuseInputsOf(call[j])))
			{
				member[n++] = j;
				done[j] = true;
			}
		if (n < 2)
			continue;
		found = true;
		if (!apply)
			break;
		initStringInfo(&group);
		for (int k = 0; k < n; k++)
			appendStringInfo(&group, "%s%s", k > 0 ? "; " : "",
							 prog[member[k]]);
		for (int k = 0; k < n; k++)
		{
			Const	   *c = linitial(call[member[k]]->args);
			char	   *t = psprintf("%d of %s", k + 1, group.data);

			linitial(call[member[k]]->args) =
				makeConst(TEXTOID, -1, c->constcollid, -1,
						  CStringGetTextDatum(t), false, false);
		}
	}
	return found;
}

/* FkFuseGroupNode over plan and every plan under it; true: a group formed */
static bool
FkFuseGroupTree(Plan *plan, bool apply)
{
	ListCell   *lc;
	List	   *children = NIL;
	bool		found;

	if (plan == NULL)
		return false;
	check_stack_depth();
	found = FkFuseGroupNode(plan, apply);
	if (found && !apply)
		return true;
	found |= FkFuseGroupTree(plan->lefttree, apply);
	found |= FkFuseGroupTree(plan->righttree, apply);
	switch (nodeTag(plan))
	{
		case T_Append:
			children = ((Append *) plan)->appendplans;
			break;
		case T_MergeAppend:
			children = ((MergeAppend *) plan)->mergeplans;
			break;
		case T_BitmapAnd:
			children = ((BitmapAnd *) plan)->bitmapplans;
			break;
		case T_BitmapOr:
			children = ((BitmapOr *) plan)->bitmapplans;
			break;
		case T_CustomScan:
			children = ((CustomScan *) plan)->custom_plans;
			break;
		case T_SubqueryScan:
			found |= FkFuseGroupTree(((SubqueryScan *) plan)->subplan, apply);
			break;
		default:
			break;
	}
	foreach(lc, children)
		found |= FkFuseGroupTree((Plan *) lfirst(lc), apply);
	return found;
}

/* FkFuseGroupTree over the plans of stmt */
static bool
FkFuseGroupStmt(PlannedStmt *stmt, bool apply)
{
	ListCell   *lc;
	bool		found = FkFuseGroupTree(stmt->planTree, apply);

	foreach(lc, stmt->subplans)
		found |= FkFuseGroupTree((Plan *) lfirst(lc), apply);
	return found;
}

/* The memory context of a kept plan (arg) is reset or deleted: forget it */
static void
FkFuseKeptPlanGone(void *arg)
{
	PlannedStmt *stmt = (PlannedStmt *) arg;

	if (kept_plans != NULL)
		hash_search(kept_plans, &stmt, HASH_REMOVE, NULL);
}

/* A copy of stmt with its groups, or NULL when it has none */
static PlannedStmt *
FkFuseGroupCopy(PlannedStmt *stmt)
{
	PlannedStmt *copy;

	if (!FkFuseGroupStmt(stmt, false))
		return NULL;
	copy = copyObject(stmt);
	FkFuseGroupStmt(copy, true);
	return copy;
}

/*
 * The plan to run for stmt with groups on: its grouped copy, or NULL when it
 * has no group.  For a plan in a plan cache's memory context (which holds
 * it until the context is deleted; nothing there is freed alone, so its
 * address names it while the context lives), what it gets is kept in that
 * context, and a callback there forgets the entry when the context goes.
 * Any other plan, which runs once, is grouped each time.
 */
static PlannedStmt *
FkFuseGroupedPlan(PlannedStmt *stmt)
{
	FkFuseKeptPlan *kept;
	MemoryContext cxt;
	MemoryContext old;
	MemoryContextCallback *cb;
	PlannedStmt *grouped;

	if (kept_plans != NULL &&
		(kept = hash_search(kept_plans, &stmt, HASH_FIND, NULL)) != NULL)
		return kept->grouped;
	cxt = GetMemoryChunkContext(stmt);
	if (cxt->name == NULL || strcmp(cxt->name, "CachedPlan") != 0)
		return FkFuseGroupCopy(stmt);
	if (kept_plans == NULL)
	{
		HASHCTL		ctl;

		ctl.keysize = sizeof(PlannedStmt *);
		ctl.entrysize = sizeof(FkFuseKeptPlan);
		ctl.hcxt = TopMemoryContext;
		kept_plans = hash_create("fusekern grouped plans", 64, &ctl,
								 HASH_ELEM | HASH_BLOBS | HASH_CONTEXT);
	}
	/* grouped here (with its garbage), then copied into the plan's context */
	grouped = FkFuseGroupCopy(stmt);
	old = MemoryContextSwitchTo(cxt);
	if (grouped != NULL)
		grouped = copyObject(grouped);
	cb = palloc(sizeof(MemoryContextCallback));
	MemoryContextSwitchTo(old);
	cb->func = FkFuseKeptPlanGone;
	cb->arg = stmt;
	/* the callback first: an entry never outlives its plan */
	MemoryContextRegisterResetCallback(cxt, cb);
	kept = hash_search(kept_plans, &stmt, HASH_ENTER, NULL);
	kept->grouped = grouped;
	if (grouped != NULL)
		elog(DEBUG2, "fusekern: grouped a cached plan, kept with it");
	return grouped;
}

/*
 * Executor start: when fusion is on, fusekern is installed in this
 * database and the plan has sibling reductions, the executor runs a copy
 * of the plan with them grouped (the plan itself, which a plan cache may
 * keep, is left as the planner made it; a cached plan's copy is kept with
 * it).  Done here rather than in a planner hook, so that it applies from the
 * statement whose planning loaded fusekern on, and the setting is read when
 * each statement starts, cached plans included.
 */
static void
FkFuseExecutorStart(QueryDesc *queryDesc, int eflags)
{
	if (fk_enable_fusion && fk_enable_fusion_groups && IsTransactionState() &&
		queryDesc->plannedstmt != NULL &&
		queryDesc->plannedstmt->commandType != CMD_UTILITY &&
		OidIsValid(FkFuseReduceOid()))
	{
		PlannedStmt *grouped = FkFuseGroupedPlan(queryDesc->plannedstmt);

		if (grouped != NULL)
			queryDesc->plannedstmt = grouped;
	}
	if (prev_executor_start)
		prev_executor_start(queryDesc, eflags);
	else
		standard_ExecutorStart(queryDesc, eflags);
}

/* Define fusekern.enable_fusion_groups, install the executor hook (_PG_init) */
void
FkFuseInitGroups(void)
{
	DefineCustomBoolVariable("fusekern.enable_fusion_groups",
							 "Evaluates fused reductions over the same arguments in one pass.",
							 "When off, each fused reduction of a target list reads its arguments on its own.",
							 &fk_enable_fusion_groups,
							 true,
							 PGC_USERSET,
							 0,
							 NULL, NULL, NULL);
	prev_executor_start = ExecutorStart_hook;
	ExecutorStart_hook = FkFuseExecutorStart;
}
