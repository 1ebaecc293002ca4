/* mad_make.c — M.A.D.'s make and unmake (hot): simple moves with stacking and attrition,
 * lunges, the no-progress counter, the incremental key and the learned evaluation's changes. */
#include "mad.h"

/* A stack of one player on sq goes from height a to height b: the "at least j + 1 high"
 * bits of the levels between them flip. */
static inline void levels(Bb atl[MAD_MAX_HEIGHT], Bb bit, int a, int b) {
    int lo = a < b ? a : b, hi = a < b ? b : a;
    for (int j = 0; j < MAD_MAX_HEIGHT; j++) atl[j] ^= bit & -(Bb)(j >= lo && j < hi);
}

/* A stack of owner on sq goes from height a to b (0: none): the key's pieces and, when d is
 * given, the features that name it in each view (mad_features.c: heights above the
 * largest count as the largest). */
static inline Key change(NnueDelta *d, int owner, int sq, int a, int b) {
    if (d) {
        int fa = a > MAD_MAX_HEIGHT ? MAD_MAX_HEIGHT : a, fb = b > MAD_MAX_HEIGHT ? MAD_MAX_HEIGHT : b;
        for (int v = 0; fa != fb && v < 2; v++) {
            if (fa) nnue_delta_rem(d, v, mad_feature(v, owner, sq, fa));
            if (fb) nnue_delta_add(d, v, mad_feature(v, owner, sq, fb));
        }
    }
    return mad_z[owner][sq][a] ^ mad_z[owner][sq][b];
}

/* make, and make_delta when d is given (inlined twice: the plain make pays nothing). */
static inline void make(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) {
    MadPos *p = (MadPos *)gp;
    MadUndo *u = (MadUndo *)gu;
    int from = mv_from(m), to = mv_to(m), k = mv_count(m), me = p->stm, them = me ^ 1;
    int n = p->h[from], dst = p->h[to];
    Bb tb = bb_bit(to);
    Key key = p->key ^ mad_z_p2;
    u->key = p->key;
    u->noprog = p->noprog;
    u->dst_h = (uint8_t)dst;
    u->dst_owner = (uint8_t)(p->atl[them][0] & tb ? them : me);
    key ^= change(d, me, from, n, n - k);
    levels(p->atl[me], bb_bit(from), n, n - k);
    p->h[from] = (uint8_t)(n - k);
    if (mv_lunge(m)) {
        int dir = mad_dir[from][to];
        for (int i = 1; i < k; i++) {
            int sq = b8_step(from, dir, i);
            p->atl[me][0] |= bb_bit(sq);
            p->h[sq] = 1;
            key ^= change(d, me, sq, 0, 1);
        }
        if (dst) { /* one lunging checker and one enemy die */
            levels(p->atl[them], tb, dst, dst - 1);
            key ^= change(d, them, to, dst, dst - 1);
            p->h[to] = (uint8_t)(dst - 1);
        } else {
            p->atl[me][0] |= tb;
            key ^= change(d, me, to, 0, 1);
            p->h[to] = 1;
        }
    } else if (!(p->atl[them][0] & tb)) { /* empty or friendly: they stack */
        levels(p->atl[me], tb, dst, dst + k);
        key ^= change(d, me, to, dst, dst + k);
        p->h[to] = (uint8_t)(dst + k);
    } else if (k > dst) { /* attrition, the movers survive */
        levels(p->atl[them], tb, dst, 0);
        levels(p->atl[me], tb, 0, k - dst);
        key ^= change(d, them, to, dst, 0) ^ change(d, me, to, 0, k - dst);
        p->h[to] = (uint8_t)(k - dst);
    } else { /* attrition, some defenders survive (or none of either) */
        levels(p->atl[them], tb, dst, dst - k);
        key ^= change(d, them, to, dst, dst - k);
        p->h[to] = (uint8_t)(dst - k);
    }
    p->key = key;
    p->noprog = mv_combat(m) ? 0 : p->noprog + 1;
    p->ply++;
    p->stm = (uint8_t)them;
}

void KIT_HOT(mad_make)(GamePos *gp, Move m, GameUndo *gu) { make(gp, m, gu, NULL); }
void KIT_HOT(mad_make_delta)(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) { make(gp, m, gu, d); }

void KIT_HOT(mad_unmake)(GamePos *gp, Move m, const GameUndo *gu) {
    MadPos *p = (MadPos *)gp;
    const MadUndo *u = (const MadUndo *)gu;
    int from = mv_from(m), to = mv_to(m), k = mv_count(m), them = p->stm, me = them ^ 1;
    int dst = u->dst_h, now = p->h[to];
    Bb tb = bb_bit(to);
    p->stm = (uint8_t)me;
    p->ply--;
    p->noprog = u->noprog;
    p->key = u->key;
    if (mv_lunge(m)) {
        int d = mad_dir[from][to];
        for (int i = 1; i < k; i++) {
            int sq = b8_step(from, d, i);
            p->atl[me][0] &= ~bb_bit(sq);
            p->h[sq] = 0;
        }
        if (dst) levels(p->atl[them], tb, dst - 1, dst);
        else p->atl[me][0] &= ~tb;
    } else if (u->dst_owner == me || !dst) {
        levels(p->atl[me], tb, now, dst);
    } else if (k > dst) {
        levels(p->atl[me], tb, now, 0);
        levels(p->atl[them], tb, 0, dst);
    } else {
        levels(p->atl[them], tb, now, dst);
    }
    p->h[to] = (uint8_t)dst;
    levels(p->atl[me], bb_bit(from), p->h[from], p->h[from] + k);
    p->h[from] = (uint8_t)(p->h[from] + k);
}
