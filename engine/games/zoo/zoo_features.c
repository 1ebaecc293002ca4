/* zoo_features.c — Zoo Contest as sparse features for the learned evaluation: pieces by
 * square and by distance to the far row, marks, goals, pools, a pending retreat, the size
 * and the moves each goal flag still needs. */
#include <stdlib.h>

#include "zoo.h"

/* Squares are numbered rank * 15 + file on the largest board (15 x 15), the board turned
 * half a turn for player 2 so that every view starts from its own home row: one feature
 * space serves every board size. Per side (the viewer's, then the other's): elephant,
 * monkey, mouse by square [3 x 225]; Royal elephant, monkey, some mouse [3]; the elephant
 * has never moved [1]; goal flags E, M, S [3]; mice in the pool, a thermometer [4]. Then a
 * pending retreat: (its owner's side * 2 + elephant/monkey) * 225 + its square [900], and
 * the side that made the turn's regular move [2]. Then, because the far row's rank depends
 * on the height the squares do not show: per side, the ranks the elephant, the monkey and
 * the mouse nearest to it still have to go to the far row [3 x 15]; per side, what the
 * hand-written evaluation's race counts, the moves the elephant's, the monkey's and the
 * mice's flags still need (zoo_race; 0 for a flag set, 31 for 31 or more) and the slowest
 * of them [4 x 32], a board search no square feature can stand for, the same on every
 * size; last the board's width [6] and height [12], so that one net can weigh the same
 * squares differently per size. */
enum {
    ZOO_F_SQ = ZOO_MAX_W * ZOO_MAX_H,
    ZOO_F_ROYAL = 3 * ZOO_F_SQ,
    ZOO_F_EFLAG = ZOO_F_ROYAL + 3,
    ZOO_F_GOALS = ZOO_F_EFLAG + 1,
    ZOO_F_POOL = ZOO_F_GOALS + 3,
    ZOO_F_SIDE = ZOO_F_POOL + 4,
    ZOO_F_PEND = 2 * ZOO_F_SIDE,
    ZOO_F_PEND_MOVER = ZOO_F_PEND + 4 * ZOO_F_SQ,
    ZOO_F_FAR = ZOO_F_PEND_MOVER + 2,
    ZOO_F_FAR_SIDE = 3 * ZOO_MAX_H,
    ZOO_F_RACE = ZOO_F_FAR + 2 * ZOO_F_FAR_SIDE,
    ZOO_RACE_MAX = 31,
    ZOO_F_RACE_SIDE = 4 * (ZOO_RACE_MAX + 1),
    ZOO_F_WIDTH = ZOO_F_RACE + 2 * ZOO_F_RACE_SIDE,
    ZOO_F_HEIGHT = ZOO_F_WIDTH + (ZOO_MAX_W - 5) / 2 + 1,
};
_Static_assert(ZOO_F_HEIGHT + ZOO_MAX_H - 3 == ZOO_NNUE_FEATURES, "Zoo features");

static inline uint32_t at(const ZooPos *p, int persp, int sq) {
    int f = zoo_file(sq), r = zoo_rank(sq);
    if (persp == PLAYER_2) f = p->st.w - 1 - f, r = p->st.h - 1 - r;
    return (uint32_t)(r * ZOO_MAX_W + f);
}

static inline int far_ranks(const ZooPos *p, int pl, int sq) { return abs(far_rank(p, pl) - zoo_rank(sq)); }

/* Each player's race features as values: the three flags' moves, then the slowest. */
static void race_values(const ZooPos *p, int v[2][4]) {
    for (int pl = 0; pl < 2; pl++) {
        int t[3];
        zoo_race(p, pl, t);
        v[pl][3] = 0;
        for (int k = 0; k < 3; k++) {
            v[pl][k] = t[k] == ZOO_RACE_DONE ? 0 : t[k] < ZOO_RACE_MAX ? t[k] : ZOO_RACE_MAX;
            if (v[pl][k] > v[pl][3]) v[pl][3] = v[pl][k];
        }
    }
}

/* One view, the race values of both players given (a board search each: made once for
 * both views by zoo_features_both). */
static int view(const ZooPos *p, int persp, const int race[2][4], uint32_t *out) {
    const ZooState *s = &p->st;
    int n = 0;
    for (int side = 0; side < 2; side++) {
        int pl = persp ^ side;
        uint32_t base = (uint32_t)(side * ZOO_F_SIDE);
        bool royal_mouse = false;
        if (s->esq[pl] != ZOO_NO_SQ) out[n++] = base + at(p, persp, s->esq[pl]);
        if (s->msq[pl] != ZOO_NO_SQ) out[n++] = base + ZOO_F_SQ + at(p, persp, s->msq[pl]);
        for (int i = 0; i < 4; i++)
            if (s->mice[pl][i] != ZOO_NO_SQ) {
                out[n++] = base + 2 * ZOO_F_SQ + at(p, persp, s->mice[pl][i]);
                royal_mouse |= (p->cell[s->mice[pl][i]] & C_T(pl)) != 0;
            }
        if (royal_e(p, pl)) out[n++] = base + ZOO_F_ROYAL;
        if (royal_m(p, pl)) out[n++] = base + ZOO_F_ROYAL + 1;
        if (royal_mouse) out[n++] = base + ZOO_F_ROYAL + 2;
        if (s->eflag >> pl & 1) out[n++] = base + ZOO_F_EFLAG;
        for (int k = 0; k < 3; k++)
            if (s->goals >> (3 * pl + k) & 1) out[n++] = base + ZOO_F_GOALS + (uint32_t)k;
        for (int k = 0; k < pool_of(p, pl) && k < 4; k++) out[n++] = base + ZOO_F_POOL + (uint32_t)k;
    }
    for (int side = 0; side < 2; side++) {
        int pl = persp ^ side, best = ZOO_MAX_H;
        uint32_t base = (uint32_t)(ZOO_F_FAR + side * ZOO_F_FAR_SIDE);
        if (s->esq[pl] != ZOO_NO_SQ) out[n++] = base + (uint32_t)far_ranks(p, pl, s->esq[pl]);
        if (s->msq[pl] != ZOO_NO_SQ) out[n++] = base + ZOO_MAX_H + (uint32_t)far_ranks(p, pl, s->msq[pl]);
        for (int i = 0; i < 4; i++) {
            int d = s->mice[pl][i] != ZOO_NO_SQ ? far_ranks(p, pl, s->mice[pl][i]) : ZOO_MAX_H;
            if (d < best) best = d;
        }
        if (best < ZOO_MAX_H) out[n++] = base + 2 * ZOO_MAX_H + (uint32_t)best;
    }
    for (int side = 0; side < 2; side++) {
        uint32_t base = (uint32_t)(ZOO_F_RACE + side * ZOO_F_RACE_SIDE);
        for (int k = 0; k < 4; k++) out[n++] = base + (uint32_t)(k * (ZOO_RACE_MAX + 1) + race[persp ^ side][k]);
    }
    out[n++] = ZOO_F_WIDTH + (uint32_t)((s->w - 5) / 2);
    out[n++] = ZOO_F_HEIGHT + (uint32_t)(s->h - 4);
    if (s->pend != PEND_NONE) {
        int side = s->pend_owner != persp;
        out[n++] = ZOO_F_PEND + (uint32_t)((side * 2 + s->pend - 1) * ZOO_F_SQ) + at(p, persp, s->pend_sq);
        out[n++] = ZOO_F_PEND_MOVER + (uint32_t)(s->pend_mover != persp);
    }
    return n;
}

int zoo_features(const GamePos *gp, int persp, uint32_t *out) {
    const ZooPos *p = (const ZooPos *)gp;
    int race[2][4];
    race_values(p, race);
    return view(p, persp, race, out);
}

void zoo_features_both(const GamePos *gp, uint32_t *const out[2], int n[2]) {
    const ZooPos *p = (const ZooPos *)gp;
    int race[2][4];
    race_values(p, race);
    n[0] = view(p, PLAYER_1, race, out[0]);
    n[1] = view(p, PLAYER_2, race, out[1]);
}
