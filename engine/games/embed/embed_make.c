/* embed_make.c — Embed's make and unmake: bitboards, the boss squares, the counters, the
 * incremental Zobrist key and the learned evaluation's changes (hot: see KIT_HOT in common/hot.h). */
#include "embed.h"

/* A piece of owner from one square to another in both views' records, which reach
 * make_delta empty: written straight in (a capture adds one removal). */
static inline void moved(NnueDelta *d, uint32_t (*feature)(int, int, int), int owner, int from, int to) {
    for (int v = 0; v < 2; v++) {
        d->rem[v][0] = feature(v, owner, from), d->n_rem[v] = 1;
        d->add[v][0] = feature(v, owner, to), d->n_add[v] = 1;
    }
}

/* make, and make_delta when d is given (inlined twice: the plain make pays nothing). */
static inline void make(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) {
    EmPos *p = (EmPos *)gp;
    EmUndo *u = (EmUndo *)gu;
    int me = p->stm, from = em_from(m), to = em_to(m);
    Key k = p->key ^ em_z_side;
    u->key = p->key;
    u->noprogress = p->noprogress;
    p->noprogress++;
    if (m & EM_MF_BOSS) {
        p->boss[me] = (uint8_t)to;
        k ^= em_z_boss[me][from] ^ em_z_boss[me][to];
        if (d) moved(d, em_feature_boss, me, from, to);
    } else {
        p->drones[me] ^= bb_bit(from) | bb_bit(to);
        k ^= em_z_drone[me][from] ^ em_z_drone[me][to];
        if (d) moved(d, em_feature_drone, me, from, to);
        if (m & EM_MF_CAPTURE) {
            p->drones[me ^ 1] ^= bb_bit(to);
            k ^= em_z_drone[me ^ 1][to];
            p->noprogress = 0;
            if (d)
                for (int v = 0; v < 2; v++) d->rem[v][d->n_rem[v]++] = em_feature_drone(v, me ^ 1, to);
        }
    }
    p->key = k;
    p->stm = (uint8_t)(me ^ 1);
    p->ply++;
}

void KIT_HOT(em_make)(GamePos *gp, Move m, GameUndo *gu) { make(gp, m, gu, NULL); }
void KIT_HOT(em_make_delta)(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) { make(gp, m, gu, d); }

void KIT_HOT(em_unmake)(GamePos *gp, Move m, const GameUndo *gu) {
    EmPos *p = (EmPos *)gp;
    const EmUndo *u = (const EmUndo *)gu;
    int me = p->stm ^ 1, from = em_from(m), to = em_to(m);
    p->stm = (uint8_t)me;
    p->ply--;
    p->key = u->key;
    p->noprogress = u->noprogress;
    if (m & EM_MF_BOSS) {
        p->boss[me] = (uint8_t)from;
    } else {
        p->drones[me] ^= bb_bit(from) | bb_bit(to);
        if (m & EM_MF_CAPTURE) p->drones[me ^ 1] ^= bb_bit(to);
    }
}
