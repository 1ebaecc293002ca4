/* nnue_kernel.h — what the learned evaluation's files share inside engine/nnue/: the
 * kernels (scalar and AVX2, chosen once: updates, diffs of lists, the output layer). Not core API. */
#ifndef SIMIA_NNUE_KERNEL_H
#define SIMIA_NNUE_KERNEL_H

#include <string.h>

#include "nnue.h"

/* One view's rows of an update: those added and those subtracted. */
typedef struct {
    const uint32_t *add, *sub;
    int na, nr;
} NnueView;

/* One view of a ply whose game has position features: its move's rows (the record's lists)
 * and the slots where its parent's list of position features (was) and its own (now) differ. */
typedef struct {
    const uint32_t *add, *sub;
    int na, nr;
    const uint32_t *was, *now;
    int n_was, n_now;
} NnueDynView;

/* The words a kernel's diff may write past its lists' ends (whole vectors stored). */
enum { NNUE_DIFF_SLACK = 4 };
/* A view's rows gathered in one list each way: at most a record's, both lists of position
 * features, the slack, and the words a fixed-size copy of a record's rows writes. */
enum {
    NNUE_ROWS_AT_ONCE = 8,
    NNUE_GATHER_MAX = NNUE_DELTA_MAX + NNUE_ROWS_AT_ONCE + 2 * NNUE_DYNAMIC_MAX + NNUE_DIFF_SLACK
};
_Static_assert((int)NNUE_ROWS_AT_ONCE <= (int)NNUE_DELTA_MAX, "a record holds the rows copied at once");

/* A move's n rows of one view appended at to: the usual few in one fixed-size copy, the rest
 * one by one (to has the room: NNUE_GATHER_MAX). */
static inline int nnue_append_rows(uint32_t *to, const uint32_t *from, int n) {
    memcpy(to, from, NNUE_ROWS_AT_ONCE * sizeof *to);
    for (int r = NNUE_ROWS_AT_ONCE; r < n; r++) to[r] = from[r];
    return n;
}

/* Every sum is modular (int16 lanes, int32 output), so any order, any vector width gives
 * the same bits. */
typedef struct {
    /* acc = from + the rows of w1 named in add - those named in sub (from may be acc), in one
     * pass over the accumulator whatever the number of rows. */
    void (*apply)(int16_t *acc, const int16_t *from, const int16_t *w1, int h, const uint32_t *add, int na,
                  const uint32_t *sub, int nr);
    /* The same for both views of a ply at once, view p at acc + p * stride from from + p *
     * stride with v[p]'s rows: the usual update of a move, one call instead of two. */
    void (*apply_views)(int16_t *acc, const int16_t *from, size_t stride, const int16_t *w1, int h,
                        const NnueView v[2]);
    /* The slots where two lists of position features differ, appended to the rows: from[i]
     * to rem, to[i] to add; beyond the shorter list, the longer one's rest. add and rem may be
     * written up to NNUE_DIFF_SLACK words past the counts they end with. */
    void (*diff)(const uint32_t *from, int nf, const uint32_t *to, int nt, uint32_t *add, int *na, uint32_t *rem,
                 int *nr);
    /* apply_views for a ply with position features: each view's rows are its move's and the
     * slots that differ (diff), gathered and applied in one call. */
    void (*apply_views_dyn)(int16_t *acc, const int16_t *from, size_t stride, const int16_t *w1, int h,
                            const NnueDynView v[2]);
    int32_t (*output)(const int16_t *us, const int16_t *them, const int16_t *w2, int32_t b2, int h);
    /* the squared activation's sum of x * x * W2 (x = the clipped value), without B2 */
    int32_t (*output_sq)(const int16_t *us, const int16_t *them, const int16_t *w2, int h);
} NnueKernelOps;

const NnueKernelOps *nnue_kernel_ops(NnueKernel k);
/* The output layer of bucket (nnue_net_bucket) on the player to move's accumulator and the
 * other's, in centi-units clamped inside the forced-win bound. */
Score nnue_output(const NnueKernelOps *k, const NnueNet *net, int bucket, const int16_t *us, const int16_t *them);

#endif
