/* dt_make.c — Dragons Teeth's make and unmake: bitboards, strengths, assist sums, off totals,
 * counters, the Zobrist key and the learned evaluation's changes (hot: KIT_HOT in common/hot.h). */
#include "dt.h"

/* Adds (sign +1) or removes (-1) the strength s of player c's tooth on sq to or from the
 * assist sums of its neighbours, eight bytes at a time (a sum never leaves 0..24, so no
 * byte carries into the next). */
static inline void assist_add(DTPos *p, int c, int sq, int s) {
    uint64_t *a = p->assist.w[c];
    for (int i = 0; i < 8; i++) a[i] += dt_king_bytes[sq][i] * (uint64_t)s;
}
static inline void assist_sub(DTPos *p, int c, int sq, int s) {
    uint64_t *a = p->assist.w[c];
    for (int i = 0; i < 8; i++) a[i] -= dt_king_bytes[sq][i] * (uint64_t)s;
}

/* d: the learned evaluation's changes, when make_delta asks for them (dt_features.c). */
static inline void lift(DTPos *p, int c, int sq, int s, NnueDelta *d) {
    if (d)
        for (int v = 0; v < 2; v++) nnue_delta_rem(d, v, dt_feature_tooth(v, c, sq, s));
    p->occ[c] ^= bb_bit(sq);
    p->by_str[c][s] ^= bb_bit(sq);
    p->str[sq] = 0;
    assist_sub(p, c, sq, s);
}

static inline void drop(DTPos *p, int c, int sq, int s, NnueDelta *d) {
    if (d)
        for (int v = 0; v < 2; v++) nnue_delta_add(d, v, dt_feature_tooth(v, c, sq, s));
    p->occ[c] ^= bb_bit(sq);
    p->by_str[c][s] ^= bb_bit(sq);
    p->str[sq] = (uint8_t)s;
    assist_add(p, c, sq, s);
}

/* make, and make_delta when d is given (inlined twice: the plain make pays nothing). */
static inline void make(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) {
    DTPos *p = (DTPos *)gp;
    DTUndo *u = (DTUndo *)gu;
    int me = p->stm, op = me ^ 1;
    u->key = p->key;
    u->noprog = p->noprog;
    p->ply++;
    p->stm = (uint8_t)op;
    Key k = p->key ^ dt_z_side;
    if (m == DT_MOVE_PASS) {
        p->noprog++;
        p->key = k;
        return;
    }
    int from = dt_from(m), s = dt_mover(m);
    lift(p, me, from, s, d);
    k ^= dt_z_tooth[me][s][from];
    if (m & DT_MF_EXIT) {
        for (int i = p->off[me]; d && i < p->off[me] + s && i < DT_MAX_OFF; i++)
            for (int v = 0; v < 2; v++) nnue_delta_add(d, v, dt_feature_off(v, me, i));
        k ^= dt_z_off[me][p->off[me]];
        p->off[me] = (uint8_t)(p->off[me] + s);
        k ^= dt_z_off[me][p->off[me]];
        p->material[me] = (uint8_t)(p->material[me] - s);
        p->noprog = 0;
    } else {
        int to = dt_to(m);
        if (m & DT_MF_CAPTURE) {
            int v = dt_victim(m);
            lift(p, op, to, v, d);
            k ^= dt_z_tooth[op][v][to];
            p->material[op] = (uint8_t)(p->material[op] - v);
            p->noprog = 0;
        } else {
            p->noprog++;
        }
        drop(p, me, to, s, d);
        k ^= dt_z_tooth[me][s][to];
    }
    p->key = k;
}

void KIT_HOT(dt_make)(GamePos *gp, Move m, GameUndo *gu) { make(gp, m, gu, NULL); }
void KIT_HOT(dt_make_delta)(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) { make(gp, m, gu, d); }

void KIT_HOT(dt_unmake)(GamePos *gp, Move m, const GameUndo *gu) {
    DTPos *p = (DTPos *)gp;
    const DTUndo *u = (const DTUndo *)gu;
    int op = p->stm, me = op ^ 1;
    p->key = u->key;
    p->noprog = u->noprog;
    p->ply--;
    p->stm = (uint8_t)me;
    if (m == DT_MOVE_PASS) return;
    int from = dt_from(m), s = dt_mover(m);
    if (m & DT_MF_EXIT) {
        p->off[me] = (uint8_t)(p->off[me] - s);
        p->material[me] = (uint8_t)(p->material[me] + s);
    } else {
        int to = dt_to(m);
        lift(p, me, to, s, NULL);
        if (m & DT_MF_CAPTURE) {
            int v = dt_victim(m);
            drop(p, op, to, v, NULL);
            p->material[op] = (uint8_t)(p->material[op] + v);
        }
    }
    drop(p, me, from, s, NULL);
}
