/* mq_features.c — Monkey Queen as sparse features for the learned evaluation: babies and
 * queens by square, the queens' heights and the pie rule's state, seen from one player. */
#include "mq.h"

/* Squares are numbered rank * 12 + file with the board turned half a turn when the viewer
 * plays Cigar (its queen then starts where Ivory's does). Per side (the viewer's colour,
 * then the other): babies [144], the queen [144], the queen's height in buckets 1..19, 20+
 * [20]; then the pie rule: a swap pending, a swap available to the player deciding. */
enum { MQ_SQ144 = MQ_N * MQ_N, MQ_HB = 20, MQ_F_SIDE = 2 * MQ_SQ144 + MQ_HB, MQ_F_SWAP = 2 * MQ_F_SIDE };
_Static_assert(MQ_F_SWAP + 2 == MQ_NNUE_FEATURES, "Monkey Queen features");

int mq_features(const GamePos *gp, int persp, uint32_t *out) {
    const MQPos *p = (const MQPos *)gp;
    int mine = persp ^ (p->swap == SWAP_TAKEN), n = 0;
    for (int side = 0; side < 2; side++) {
        int colour = mine ^ side, base = side * MQ_F_SIDE;
        int queen = p->queen[colour];
        for (int w = 0; w < 3; w++)
            for (uint64_t b = p->bb[colour][w]; b; b &= b - 1) {
                int sq = w * 64 + __builtin_ctzll(b), f = mq_file(sq), r = mq_rank(sq);
                if (mine == CIGAR) f = MQ_N - 1 - f, r = MQ_N - 1 - r;
                int at = r * MQ_N + f;
                out[n++] = (uint32_t)(base + (sq == queen ? MQ_SQ144 + at : at));
            }
        if (queen != MQ_NO_SQ) {
            int h = p->height[queen] > MQ_HB ? MQ_HB : p->height[queen];
            out[n++] = (uint32_t)(base + 2 * MQ_SQ144 + h - 1);
        }
    }
    if (p->swap == SWAP_PENDING) out[n++] = MQ_F_SWAP;
    if (p->swap == SWAP_AVAILABLE) out[n++] = MQ_F_SWAP + 1;
    return n;
}
