/* nnue_kernel.h — what the learned evaluation's files share inside engine/nnue/: the
 * kernels (scalar and AVX2, chosen once) and the output layer. Not part of the core's API. */
#ifndef SIMIA_NNUE_KERNEL_H
#define SIMIA_NNUE_KERNEL_H

#include "nnue.h"

/* One view's rows of an update: those added and those subtracted. */
typedef struct {
    const uint32_t *add, *sub;
    int na, nr;
} NnueView;

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
    int32_t (*output)(const int16_t *us, const int16_t *them, const int16_t *w2, int32_t b2, int h);
    /* the squared activation's sum of x * x * W2 (x = the clipped value), without B2 */
    int32_t (*output_sq)(const int16_t *us, const int16_t *them, const int16_t *w2, int h);
} NnueKernelOps;

const NnueKernelOps *nnue_kernel_ops(NnueKernel k);
/* The output layer of bucket (nnue_net_bucket) on the player to move's accumulator and the
 * other's, in centi-units clamped inside the forced-win bound. */
Score nnue_output(const NnueKernelOps *k, const NnueNet *net, int bucket, const int16_t *us, const int16_t *them);

#endif
