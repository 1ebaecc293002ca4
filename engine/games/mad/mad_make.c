/* mad_make.c — M.A.D.'s make and unmake (hot): simple moves with stacking and attrition,
 * lunges, the no-progress counter and the incremental key. */
#include "mad.h"

void MAD_HOT(mad_make)(GamePos *gp, Move m, GameUndo *gu) {
    MadPos *p = (MadPos *)gp;
    MadUndo *u = (MadUndo *)gu;
    int from = mv_from(m), to = mv_to(m), k = mv_count(m), me = p->stm, them = me ^ 1;
    int dst = p->h[to], dst_owner = mad_owner(p, to);
    u->key = p->key;
    u->noprog = p->noprog;
    u->dst_h = (uint8_t)dst;
    u->dst_owner = (uint8_t)dst_owner;
    mad_set(p, from, me, p->h[from] - k);
    if (mv_lunge(m)) {
        int d = mad_dir[from][to];
        for (int i = 1; i < k; i++) mad_set(p, b8_step(from, d, i), me, 1);
        /* one lunging checker reaches the last square: alone, or it and one enemy die */
        if (dst) mad_set(p, to, them, dst - 1);
        else mad_set(p, to, me, 1);
    } else if (!dst || dst_owner == me) {
        mad_set(p, to, me, dst + k);
    } else if (k >= dst) {
        mad_set(p, to, me, k - dst); /* attrition: min(k, dst) of each side die */
    } else {
        mad_set(p, to, them, dst - k);
    }
    p->noprog = mv_combat(m) ? 0 : p->noprog + 1;
    p->ply++;
    p->stm = (uint8_t)them;
    p->key ^= mad_z_p2;
}

void MAD_HOT(mad_unmake)(GamePos *gp, Move m, const GameUndo *gu) {
    MadPos *p = (MadPos *)gp;
    const MadUndo *u = (const MadUndo *)gu;
    int from = mv_from(m), to = mv_to(m), k = mv_count(m), me = p->stm ^ 1;
    p->stm = (uint8_t)me;
    p->ply--;
    p->noprog = u->noprog;
    if (mv_lunge(m)) {
        int d = mad_dir[from][to];
        for (int i = 1; i < k; i++) mad_set(p, b8_step(from, d, i), me, 0);
    }
    mad_set(p, to, u->dst_owner, u->dst_h);
    mad_set(p, from, me, p->h[from] + k);
    p->key = u->key;
}
