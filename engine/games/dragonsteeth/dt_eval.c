/* dt_eval.c — Dragons Teeth's static evaluation: weighted terms for each player, the
 * difference for the player to move (hot: see KIT_HOT in common/hot.h), and the trace for `eval`. */
#include <stdio.h>

#include "dt.h"

enum { T_OFF, T_SMALL, T_MEDIUM, T_LARGE, T_READY, T_ADVANCE, T_NB };
static const char *const TERM_NAME[T_NB] = {"off", "small teeth", "medium teeth", "large teeth", "ready",
                                            "advance"};

/* Each weight was kept for a fixed-node self-play match (README, Evaluation). ready counts
 * for the player to move only: it can exit now, while the other player's exit is a threat
 * the mover may answer (weighing it too lost the matches). advance is negative: a tooth
 * pushed forward early is one the enemy can reach and eliminate, and from its home ranks a
 * tooth still exits in one move once the lines open. */
enum { W_READY = 50, W_ADVANCE = -6 };
static const int WEIGHT[T_NB] = {DT_OFF_POINT, DT_VALUE_1, DT_VALUE_2, DT_VALUE_3, W_READY, W_ADVANCE};

/* The terms of player c. off: strength moved off; small/medium/large teeth: teeth on the
 * board by strength; ready: strength of the teeth that can exit now (counted for the
 * player to move only, see WEIGHT); advance: strength times ranks gone forward. */
static void terms(const DTPos *p, int c, int out[T_NB]) {
    int ready = 0, advance = 0;
    for (Bb b = p->occ[c]; b;) {
        int sq = bb_pop_lsb(&b), s = p->str[sq];
        if (c == p->stm && dt_can_exit(p, c, sq)) ready += s;
        advance += s * (c == PLAYER_1 ? b8_rank(sq) : 7 - b8_rank(sq));
    }
    out[T_OFF] = p->off[c];
    out[T_SMALL] = bb_popcount(p->by_str[c][1]);
    out[T_MEDIUM] = bb_popcount(p->by_str[c][2]);
    out[T_LARGE] = bb_popcount(p->by_str[c][3]);
    out[T_READY] = ready;
    out[T_ADVANCE] = advance;
}

Score KIT_HOT(dt_evaluate)(const GamePos *gp) {
    const DTPos *p = (const DTPos *)gp;
    int t[2][T_NB], s = 0;
    terms(p, p->stm, t[0]);
    terms(p, p->stm ^ 1, t[1]);
    for (int i = 0; i < T_NB; i++) s += WEIGHT[i] * (t[0][i] - t[1][i]);
    return s;
}

#ifndef KIT_HOT_BMI2
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
    PUT("(ready counts for the player to move only)\n");
    PUT("total for player 1: %d; for the player to move (player %d): %d\n", total, p->stm + 1,
        (int)KIT_HOT(dt_evaluate)(gp));
#undef PUT
}
#endif
