/* dt_eval.c — Dragons Teeth's static evaluation: weighted terms for each player, the
 * difference for the player to move (hot: see DT_HOT), and the trace for `eval`. */
#include <stdio.h>

#include "dt.h"

enum { T_OFF, T_SMALL, T_MEDIUM, T_LARGE, T_READY, T_ADVANCE, T_HANGING, T_MOBILITY, T_HOME, T_NB };
static const char *const TERM_NAME[T_NB] = {"off", "small teeth", "medium teeth", "large teeth", "ready",
                                            "advance", "hanging", "mobility", "home"};

/* Experiment switches: each weight can be set at build time (-DDT_W_READY=0) so that a
 * match can measure a term against the set without it. */
#ifndef DT_W_READY
#define DT_W_READY 0
#endif
#ifndef DT_W_ADVANCE
#define DT_W_ADVANCE 0
#endif
#ifndef DT_W_HANGING
#define DT_W_HANGING 0
#endif
#ifndef DT_W_MOBILITY
#define DT_W_MOBILITY 0
#endif
#ifndef DT_W_HOME
#define DT_W_HOME 0
#endif
static const int WEIGHT[T_NB] = {DT_OFF_POINT, DT_POINT,     DT_V2,        DT_V3,       DT_W_READY,
                                 DT_W_ADVANCE, DT_W_HANGING, DT_W_MOBILITY, DT_W_HOME};
/* The weight of a term for the player not to move, where it differs (a threat to exit
 * that the player to move must answer, and may). */
#ifndef DT_W_READY_OTHER
#define DT_W_READY_OTHER DT_W_READY
#endif

/* The terms of player c. off: strength moved off; material: strength on the board; ready:
 * strength of the teeth that can exit now; advance: strength times ranks gone forward;
 * hanging: strength of the teeth the other player can eliminate now; mobility: plain
 * moves. */
static void terms(const DTPos *p, int c, int out[T_NB]) {
    Bb occ = p->occ[0] | p->occ[1];
    int ready = 0, advance = 0, mobility = 0, hanging = 0;
    for (Bb b = p->occ[c]; b;) {
        int sq = b8_pop_lsb(&b), s = p->str[sq];
        if ((DT_W_READY || DT_W_READY_OTHER) && dt_can_exit(p, c, sq)) ready += s;
        advance += s * (c == PLAYER_1 ? b8_rank(sq) : 7 - b8_rank(sq));
        if (WEIGHT[T_MOBILITY]) mobility += dt_popcount(dt_queen(sq, occ) & ~occ);
    }
    if (WEIGHT[T_HANGING]) {
        Targets t = dt_targets(p, c ^ 1);
        Bb hit = 0;
        for (Bb b = p->occ[c ^ 1]; b;) {
            int sq = b8_pop_lsb(&b);
            hit |= dt_queen(sq, occ) & dt_eliminations(&t, sq, p->str[sq]);
        }
        hit &= p->occ[c];
        hanging = dt_popcount(hit & p->by_str[c][1]) + 2 * dt_popcount(hit & p->by_str[c][2]) +
                  3 * dt_popcount(hit & p->by_str[c][3]);
    }
    out[T_OFF] = p->off[c];
    out[T_SMALL] = dt_popcount(p->by_str[c][1]);
    out[T_MEDIUM] = dt_popcount(p->by_str[c][2]);
    out[T_LARGE] = dt_popcount(p->by_str[c][3]);
    out[T_READY] = ready;
    out[T_ADVANCE] = advance;
    out[T_HANGING] = hanging;
    out[T_MOBILITY] = mobility;
    out[T_HOME] = dt_popcount(p->occ[c] & b8_rank_bb(c == PLAYER_1 ? 0 : 7));
}

Score DT_HOT(dt_evaluate)(const GamePos *gp) {
    const DTPos *p = (const DTPos *)gp;
    int t[2][T_NB], s = 0;
    terms(p, p->stm, t[0]);
    terms(p, p->stm ^ 1, t[1]);
    for (int i = 0; i < T_NB; i++) s += WEIGHT[i] * (t[0][i] - t[1][i]);
    s -= (DT_W_READY_OTHER - DT_W_READY) * t[1][T_READY];
    return s;
}

#ifndef DT_HOT_BMI2
void dt_eval_trace(const GamePos *gp, char *out, size_t size) {
    const DTPos *p = (const DTPos *)gp;
    int t[2][T_NB];
    terms(p, PLAYER_1, t[0]);
    terms(p, PLAYER_2, t[1]);
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    PUT("term            weight  player 1  player 2  (p1 - p2) x weight\n");
    int total = 0;
    for (int i = 0; i < T_NB; i++) {
        int v = WEIGHT[i] * (t[0][i] - t[1][i]);
        total += v;
        PUT("%-15s %6d  %8d  %8d  %8d\n", TERM_NAME[i], WEIGHT[i], t[0][i], t[1][i], v);
    }
    PUT("total for player 1: %d; for the player to move (player %d): %d\n", total, p->stm + 1,
        (int)DT_HOT(dt_evaluate)(gp));
#undef PUT
}
#endif
