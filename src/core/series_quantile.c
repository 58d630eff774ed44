/*
 * series_quantile.c
 *		The order-statistics treap of rolling quantiles (series_quantile.h).
 *
 * Node numbers are 1-based (0 is no node), so the pool is read through
 * nd = pool - 1.  Insert splits the tree at the new key and merges the new
 * node in between; delete walks to the node and merges its children in
 * its place; both recurse to a depth of O(log w) in expectation.
 */
#include <math.h>

#include "float8_nan.h"
#include "float8_order.h"
#include "series_quantile.h"

/* The priority of element idx: a 64-bit mix (splitmix64's finaliser) */
static inline uint32_t
FkQuantPriority(uint64_t idx)
{
	uint64_t	z = idx + UINT64_C(0x9E3779B97F4A7C15);

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return (uint32_t) ((z ^ (z >> 31)) >> 32);
}

/* Is node a's key below (x, idx): float8 order (NaN last), then index? */
static inline int
FkQuantBelow(const FkQuantNode *a, double x, uint64_t idx)
{
	if (FkFloat8Lt(a->val, x))
		return 1;
	if (FkFloat8Lt(x, a->val))
		return 0;
	return a->idx < idx;
}

/* The size of subtree t */
static inline uint32_t
FkQuantSize(const FkQuantNode *nd, uint32_t t)
{
	return t ? nd[t].size : 0;
}

/* Recount node t from its children */
static inline void
FkQuantFix(FkQuantNode *nd, uint32_t t)
{
	nd[t].size = 1 + FkQuantSize(nd, nd[t].left) + FkQuantSize(nd, nd[t].right);
}

/* Split subtree t into the keys below (x, idx), *l, and the others, *r */
static void
FkQuantSplit(FkQuantNode *nd, uint32_t t, double x, uint64_t idx,
			 uint32_t *l, uint32_t *r)
{
	if (t == 0)
	{
		*l = *r = 0;
		return;
	}
	if (FkQuantBelow(&nd[t], x, idx))
	{
		FkQuantSplit(nd, nd[t].right, x, idx, &nd[t].right, r);
		*l = t;
	}
	else
	{
		FkQuantSplit(nd, nd[t].left, x, idx, l, &nd[t].left);
		*r = t;
	}
	FkQuantFix(nd, t);
}

/* Merge l and r, every key of l below every key of r: the new root */
static uint32_t
FkQuantMerge(FkQuantNode *nd, uint32_t l, uint32_t r)
{
	if (l == 0)
		return r;
	if (r == 0)
		return l;
	if (FkQuantPriority(nd[l].idx) >= FkQuantPriority(nd[r].idx))
	{
		nd[l].right = FkQuantMerge(nd, nd[l].right, r);
		FkQuantFix(nd, l);
		return l;
	}
	nd[r].left = FkQuantMerge(nd, l, nd[r].left);
	FkQuantFix(nd, r);
	return r;
}

/* Delete the node of key (x, idx) from subtree t: the new root */
static uint32_t
FkQuantRemove(FkQuantNode *nd, uint32_t t, double x, uint64_t idx)
{
	if (t == 0)
		return 0;				/* not there: cannot happen */
	if (nd[t].idx == (uint32_t) idx)
		return FkQuantMerge(nd, nd[t].left, nd[t].right);
	if (FkQuantBelow(&nd[t], x, idx))
		nd[t].right = FkQuantRemove(nd, nd[t].right, x, idx);
	else
		nd[t].left = FkQuantRemove(nd, nd[t].left, x, idx);
	FkQuantFix(nd, t);
	return t;
}

/* See series_quantile.h */
size_t
FkQuantWorkSize(size_t w, size_t len)
{
	return (w < len ? w : len) * sizeof(FkQuantNode);
}

/* See series_quantile.h: an empty tree over cap nodes at work */
void
FkQuantInit(FkQuantTree *t, size_t cap, void *work)
{
	t->pool = (FkQuantNode *) work;
	t->cap = cap;
	t->root = 0;
}

/* See series_quantile.h: add element idx of value x, in node idx % cap */
void
FkQuantInsert(FkQuantTree *t, double x, uint64_t idx)
{
	FkQuantNode *nd = t->pool - 1;
	uint32_t	n = (uint32_t) (idx % t->cap) + 1;
	uint32_t	l,
				r;

	nd[n].val = x;
	nd[n].idx = (uint32_t) idx;
	nd[n].left = nd[n].right = 0;
	nd[n].size = 1;
	FkQuantSplit(nd, t->root, x, idx, &l, &r);
	t->root = FkQuantMerge(nd, FkQuantMerge(nd, l, n), r);
}

/* See series_quantile.h: remove element idx of value x */
void
FkQuantDelete(FkQuantTree *t, double x, uint64_t idx)
{
	t->root = FkQuantRemove(t->pool - 1, t->root, x, idx);
}

/* See series_quantile.h */
size_t
FkQuantCount(const FkQuantTree *t)
{
	return FkQuantSize(t->pool - 1, t->root);
}

/* The value of rank k (0-based) of the tree, k below its size */
static double
FkQuantSelect(const FkQuantTree *t, size_t k)
{
	const FkQuantNode *nd = t->pool - 1;
	uint32_t	n = t->root;

	for (;;)
	{
		size_t		ls = FkQuantSize(nd, nd[n].left);

		if (k < ls)
			n = nd[n].left;
		else if (k == ls)
			return nd[n].val;
		else
		{
			k -= ls + 1;
			n = nd[n].right;
		}
	}
}

/*
 * See series_quantile.h: core's percentile_cont and float8_lerp; a NaN
 * result is the canonical one, also where it is an element picked
 */
double
FkQuantValue(const FkQuantTree *t, double q)
{
	size_t		n = FkQuantCount(t);
	double		pos = q * (double) (n - 1);
	double		first = floor(pos),
				second = ceil(pos),
				lo = FkQuantSelect(t, (size_t) first),
				hi;

	if (!(second > first))
		return FkCanonNan(lo);
	hi = FkQuantSelect(t, (size_t) second);
	return FkCanonNan(lo + ((pos - first) * (hi - lo)));
}
