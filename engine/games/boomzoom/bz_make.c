/* bz_make.c — Boom & Zoom's make and unmake (bitboards, heights, off counts, the no-progress
 * counter, the incremental Zobrist key and the learned evaluation's changes), and the pass. */
#include "bz.h"

/* Sets or clears the height bits of square bit b for a tower of height h. */
static inline void heights_flip(BZPos *p, Bb b, int h) {
    if (h >= 2) p->tall2 ^= b;
    if (h >= 3) p->tall3 ^= b;
}

/* The learned evaluation's changes (bz_features.c), when d is given: a tower of owner on sq
 * from height a to b (0: none), and the checkers borne off from a to b (a thermometer). */
static inline void tower(NnueDelta *d, int owner, int sq, int a, int b) {
    if (!d) return;
    for (int v = 0; v < 2; v++) {
        if (a) nnue_delta_rem(d, v, bz_feature_tower(v, owner, sq, a));
        if (b) nnue_delta_add(d, v, bz_feature_tower(v, owner, sq, b));
    }
}
static inline void borne_off(NnueDelta *d, int owner, int a, int b) {
    for (int k = a; d && k < b && k < BZ_CHECKERS; k++)
        for (int v = 0; v < 2; v++) nnue_delta_add(d, v, bz_feature_off(v, owner, k));
}

/* make, and make_delta when d is given (inlined twice: the plain make pays nothing). */
static inline void make(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) {
    BZPos *p = (BZPos *)gp;
    BZUndo *u = (BZUndo *)gu;
    int c = p->stm, from = mv_from(m), to = mv_to(m), h = p->height[from];
    Bb bf = bb_bit(from);
    Key k = p->key ^ bz_z_p2;
    u->key = p->key;
    u->noprogress = p->noprogress;
    u->height = (uint8_t)h;
    if (m & MF_BOOM) {
        /* The target loses its top checker; the firing tower stays. */
        int e = c ^ 1, v = p->height[to];
        Bb bt = bb_bit(to);
        k ^= bz_z_tower[e][v][to];
        tower(d, e, to, v, v - 1);
        if (v == 1) p->occ[e] ^= bt;
        else k ^= bz_z_tower[e][v - 1][to];
        if (v == 2) p->tall2 ^= bt;
        if (v == 3) p->tall3 ^= bt;
        p->height[to] = (uint8_t)(v - 1);
        p->noprogress = 0;
    } else if (m & MF_OFF) {
        p->occ[c] ^= bf;
        heights_flip(p, bf, h);
        p->height[from] = 0;
        k ^= bz_z_tower[c][h][from] ^ bz_z_off[c][p->off[c]] ^ bz_z_off[c][p->off[c] + h];
        tower(d, c, from, h, 0);
        borne_off(d, c, p->off[c], p->off[c] + h);
        p->off[c] = (uint8_t)(p->off[c] + h);
        p->noprogress = 0;
    } else {
        Bb move = bf | bb_bit(to);
        p->occ[c] ^= move;
        heights_flip(p, move, h);
        p->height[to] = (uint8_t)h;
        p->height[from] = 0;
        k ^= bz_z_tower[c][h][from] ^ bz_z_tower[c][h][to];
        tower(d, c, from, h, 0);
        tower(d, c, to, 0, h);
        p->noprogress++;
    }
    p->stm = (uint8_t)(c ^ 1);
    p->ply++;
    p->key = k;
}

void KIT_HOT(bz_make)(GamePos *gp, Move m, GameUndo *gu) { make(gp, m, gu, NULL); }
void KIT_HOT(bz_make_delta)(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) { make(gp, m, gu, d); }

void KIT_HOT(bz_unmake)(GamePos *gp, Move m, const GameUndo *gu) {
    BZPos *p = (BZPos *)gp;
    const BZUndo *u = (const BZUndo *)gu;
    int c = p->stm ^ 1, from = mv_from(m), to = mv_to(m);
    p->stm = (uint8_t)c;
    p->ply--;
    p->key = u->key;
    p->noprogress = u->noprogress;
    if (m & MF_BOOM) {
        int e = c ^ 1, v = p->height[to] + 1;
        Bb bt = bb_bit(to);
        if (v == 1) p->occ[e] ^= bt;
        if (v == 2) p->tall2 ^= bt;
        if (v == 3) p->tall3 ^= bt;
        p->height[to] = (uint8_t)v;
    } else if (m & MF_OFF) {
        int h = u->height;
        Bb bf = bb_bit(from);
        p->occ[c] ^= bf;
        heights_flip(p, bf, h);
        p->height[from] = (uint8_t)h;
        p->off[c] = (uint8_t)(p->off[c] - h);
    } else {
        int h = p->height[to];
        Bb move = bb_bit(from) | bb_bit(to);
        p->occ[c] ^= move;
        heights_flip(p, move, h);
        p->height[from] = (uint8_t)h;
        p->height[to] = 0;
    }
}

#ifndef KIT_HOT_BMI2
/* A pass: the other player moves, a ply without progress goes by. */
bool bz_make_null(GamePos *gp, GameUndo *gu) {
    BZPos *p = (BZPos *)gp;
    BZUndo *u = (BZUndo *)gu;
    u->key = p->key;
    u->noprogress = p->noprogress;
    p->key ^= bz_z_p2;
    p->stm ^= 1;
    p->ply++;
    p->noprogress++;
    return true;
}

void bz_unmake_null(GamePos *gp, const GameUndo *gu) {
    BZPos *p = (BZPos *)gp;
    const BZUndo *u = (const BZUndo *)gu;
    p->key = u->key;
    p->noprogress = u->noprogress;
    p->stm ^= 1;
    p->ply--;
}
#endif
