/*
 * series_quantile.h
 *		An order-statistics tree of the present elements of a rolling
 *		window, for rolling_quantile and rolling_median
 *		(series_rolling.h): insert, delete and the k-th smallest in
 *		O(log w) expected time each, in a pool of w nodes allocated once.
 *
 * It is a treap: a binary search tree on (value in core's float8 order,
 * NaN last; then element index), each node also a max-heap on a priority
 * that is a hash of its element index, so that the tree is balanced in
 * expectation whatever the values, and its shape, like the results,
 * depends on the elements alone.  Each node counts the nodes below it, so
 * the k-th smallest is one walk from the root.  Element g lives in node
 * g % cap: the element it replaces has left the window before g enters.
 * The values never depend on the tree's shape.
 *
 * This header does not include postgres.h.
 */
#ifndef FK_SERIES_QUANTILE_H
#define FK_SERIES_QUANTILE_H

#include <stddef.h>
#include <stdint.h>

/*
 * A node: an element of the window (24 bytes).  Its heap priority, a hash
 * of idx, is computed where it is compared, not kept.  Element indices are
 * below 2^32 (a vector holds at most 2^31 elements).
 */
typedef struct FkQuantNode
{
	double		val;
	uint32_t	idx;			/* element index: the tie-break */
	uint32_t	left;			/* children, 1-based node numbers (0: none) */
	uint32_t	right;
	uint32_t	size;			/* nodes in this subtree */
} FkQuantNode;

/* The tree: a pool of cap nodes, and its root */
typedef struct FkQuantTree
{
	FkQuantNode *pool;
	size_t		cap;
	uint32_t	root;			/* 1-based, 0: empty */
} FkQuantTree;

/* Bytes of the pool of a window of w over len (< 2^32) elements: min(w, len) nodes */
extern size_t FkQuantWorkSize(size_t w, size_t len);
extern void FkQuantInit(FkQuantTree *t, size_t cap, void *work);
extern void FkQuantInsert(FkQuantTree *t, double x, uint64_t idx);
extern void FkQuantDelete(FkQuantTree *t, double x, uint64_t idx);
extern size_t FkQuantCount(const FkQuantTree *t);

/*
 * The q-quantile (0 <= q <= 1) of the n >= 1 elements in the tree, as
 * core's percentile_cont over them: the elements at ranks floor and ceil
 * of q (n - 1), linearly interpolated (lo + (q (n - 1) - floor) (hi - lo))
 */
extern double FkQuantValue(const FkQuantTree *t, double q);

#endif							/* FK_SERIES_QUANTILE_H */
