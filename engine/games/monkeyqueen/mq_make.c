/* mq_make.c — Monkey Queen's make and unmake: the line words, bitboards, heights, the Zobrist
 * key and the learned evaluation's changes, restored exactly (hot: see KIT_HOT in common/hot.h). */
#include "mq.h"

/* A stack of colour c (a queen's or a baby's) leaves sq or comes to it, in both views' tracked
 * features (mq_features.c), when make_delta asks. */
static inline void stack_off(NnueDelta *d, int taken, int c, int sq, bool queen) {
    for (int v = 0; v < 2; v++) nnue_delta_rem(d, v, mq_feature_stack(v, taken, c, sq, queen));
}
static inline void stack_on(NnueDelta *d, int taken, int c, int sq, bool queen) {
    for (int v = 0; v < 2; v++) nnue_delta_add(d, v, mq_feature_stack(v, taken, c, sq, queen));
}

/* What move m of colour c changed in the tracked features, the pie rule's state before it
 * being swap: a swap turns every view (each player now views the other colour); otherwise
 * the stacks that left and came. */
static inline void delta_of(NnueDelta *d, int swap, int c, Move m) {
    if (m & MF_SWAP) {
        d->refresh[0] = d->refresh[1] = true;
        return;
    }
    int taken = swap == SWAP_TAKEN, e = c ^ 1, from = mv_from(m), to = mv_to(m);
    bool queen = (m & MF_QUEEN) != 0;
    stack_off(d, taken, c, from, queen);
    stack_on(d, taken, c, to, queen);
    if (m & MF_CAPTURE) stack_off(d, taken, e, to, (m & MF_VICTIM_QUEEN) != 0);
    else if (queen) stack_on(d, taken, c, from, false); /* a birth: the baby left behind */
}

/* make, and make_delta when d is given (inlined twice: the plain make pays nothing). */
static inline void make(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) {
    MQPos *p = (MQPos *)gp;
    MQUndo *u = (MQUndo *)gu;
    if (d) delta_of(d, p->swap, p->stm, m);
    u->key = p->key;
    u->swap = p->swap;
    p->ply++;
    if (m & MF_SWAP) { /* same board, same colour to move: only who plays it changes */
        p->swap = SWAP_TAKEN;
        p->key ^= mq_z_swap[u->swap] ^ mq_z_swap[SWAP_TAKEN];
        return;
    }
    int c = p->stm, e = c ^ 1, from = mv_from(m), to = mv_to(m), h = p->height[from];
    uint64_t lanes = MQ_LANE(c) | MQ_LANE_BOTH;
    Key k = p->key ^ mq_z_cigar;
    u->victim_height = p->height[to];
    if (m & MF_CAPTURE) { /* the whole stack replaces the victim: "both" stays set at to */
        mq_xor_sq(p, from, lanes);
        mq_xor_sq(p, to, MQ_LANE(c) | MQ_LANE(e));
        mq_bb_flip(p, c, from);
        mq_bb_flip(p, c, to);
        mq_bb_flip(p, e, to);
        k ^= mq_z_stack[e][to] ^ mq_z_stack[c][from] ^ mq_z_stack[c][to];
        if (m & MF_VICTIM_QUEEN) {
            k ^= mq_z_queen[e][to] ^ mq_z_height[e][p->height[to]];
            p->queen[e] = MQ_NO_SQ;
        }
        p->height[to] = (uint8_t)h;
        p->height[from] = 0;
        if (m & MF_QUEEN) {
            k ^= mq_z_queen[c][from] ^ mq_z_queen[c][to];
            p->queen[c] = (uint8_t)to;
        }
    } else if (m & MF_QUEEN) { /* birth: the bottom checker stays as a baby */
        mq_xor_sq(p, to, lanes);
        mq_bb_flip(p, c, to);
        p->height[to] = (uint8_t)(h - 1);
        p->height[from] = 1;
        k ^= mq_z_stack[c][to] ^ mq_z_queen[c][from] ^ mq_z_queen[c][to] ^ mq_z_height[c][h] ^
             mq_z_height[c][h - 1];
        p->queen[c] = (uint8_t)to;
    } else {
        mq_xor_sq(p, from, lanes);
        mq_xor_sq(p, to, lanes);
        mq_bb_flip(p, c, from);
        mq_bb_flip(p, c, to);
        p->height[to] = 1;
        p->height[from] = 0;
        k ^= mq_z_stack[c][from] ^ mq_z_stack[c][to];
    }
    p->stm = (uint8_t)e;
    if (p->swap == SWAP_PENDING || p->swap == SWAP_AVAILABLE) {
        int next = (p->swap == SWAP_PENDING && p->pie) ? SWAP_AVAILABLE : SWAP_NONE;
        k ^= mq_z_swap[p->swap] ^ mq_z_swap[next];
        p->swap = (uint8_t)next;
    }
    p->key = k;
}

void KIT_HOT(mq_make)(GamePos *gp, Move m, GameUndo *gu) { make(gp, m, gu, NULL); }
void KIT_HOT(mq_make_delta)(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) { make(gp, m, gu, d); }
/* After the move: the colour that moved is the one not to move now (a swap keeps the colour
 * to move, and its record needs none). */
void KIT_HOT(mq_move_delta)(const GamePos *gp, Move m, const GameUndo *gu, NnueDelta *d) {
    delta_of(d, ((const MQUndo *)gu)->swap, ((const MQPos *)gp)->stm ^ 1, m);
}

void KIT_HOT(mq_unmake)(GamePos *gp, Move m, const GameUndo *gu) {
    MQPos *p = (MQPos *)gp;
    const MQUndo *u = (const MQUndo *)gu;
    p->key = u->key;
    p->swap = u->swap;
    p->ply--;
    if (m & MF_SWAP) return;
    int e = p->stm, c = e ^ 1, from = mv_from(m), to = mv_to(m);
    uint64_t lanes = MQ_LANE(c) | MQ_LANE_BOTH;
    p->stm = (uint8_t)c;
    if (m & MF_CAPTURE) {
        mq_xor_sq(p, from, lanes);
        mq_xor_sq(p, to, MQ_LANE(c) | MQ_LANE(e));
        mq_bb_flip(p, c, from);
        mq_bb_flip(p, c, to);
        mq_bb_flip(p, e, to);
        p->height[from] = p->height[to];
        p->height[to] = u->victim_height;
        if (m & MF_QUEEN) p->queen[c] = (uint8_t)from;
        if (m & MF_VICTIM_QUEEN) p->queen[e] = (uint8_t)to;
    } else if (m & MF_QUEEN) {
        mq_xor_sq(p, to, lanes);
        mq_bb_flip(p, c, to);
        p->height[from] = (uint8_t)(p->height[to] + 1);
        p->height[to] = 0;
        p->queen[c] = (uint8_t)from;
    } else {
        mq_xor_sq(p, from, lanes);
        mq_xor_sq(p, to, lanes);
        mq_bb_flip(p, c, from);
        mq_bb_flip(p, c, to);
        p->height[from] = 1;
        p->height[to] = 0;
    }
}
