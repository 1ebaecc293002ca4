/* dt_eval.c — Dragons Teeth's static evaluation: weighted terms for each player, the
 * difference for the player to move (hot: see DT_HOT), and the trace for `eval`. */
#include <stdio.h>

#include "dt.h"

enum { T_OFF, T_MATERIAL, T_NB };
static const char *const TERM_NAME[T_NB] = {"off", "material"};
static const int WEIGHT[T_NB] = {DT_OFF_POINT, DT_POINT};

static void terms(const DTPos *p, int c, int out[T_NB]) {
    out[T_OFF] = p->off[c];
    out[T_MATERIAL] = p->material[c];
}

Score DT_HOT(dt_evaluate)(const GamePos *gp) {
    const DTPos *p = (const DTPos *)gp;
    int t[2][T_NB], s = 0;
    terms(p, p->stm, t[0]);
    terms(p, p->stm ^ 1, t[1]);
    for (int i = 0; i < T_NB; i++) s += WEIGHT[i] * (t[0][i] - t[1][i]);
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
