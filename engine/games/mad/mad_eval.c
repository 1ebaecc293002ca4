/* mad_eval.c — M.A.D.'s static evaluation (hot) and its printed terms: features counted
 * for each player from bitboards, weighed in one table, scored for the player to move. */
#include <stdio.h>

#include "mad.h"

enum { T_ADVANCE, T_NB };

typedef struct {
    const char *name;
    int weight;
} Term;

static const Term TERMS[T_NB] = {
    [T_ADVANCE] = {"advance", 1},
};
enum { TEMPO = 10 };

/* Checkers' worth by the rows they have come towards their goal (0 on the home row's
 * neighbour, where they start; 6 on the goal row). */
static const int ADVANCE[8] = {0, 0, 3, 8, 16, 30, 60, 0};

static void features(const MadPos *p, int f[2][T_NB]) {
    for (int pl = 0; pl < 2; pl++) {
        int adv = 0;
        for (int r = 0; r < 8; r++) {
            Bb row = p->atl[pl][0] & b8_rank_bb(pl == PLAYER_1 ? r : 7 - r);
            int checkers = 0;
            for (int j = 0; j < MAD_MAX_HEIGHT; j++) checkers += b8_popcount(p->atl[pl][j] & row);
            adv += ADVANCE[r] * checkers;
        }
        f[pl][T_ADVANCE] = adv;
    }
}

Score MAD_HOT(mad_evaluate)(const GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    int f[2][T_NB], me = p->stm;
    features(p, f);
    int s = TEMPO;
    for (int t = 0; t < T_NB; t++) s += TERMS[t].weight * (f[me][t] - f[me ^ 1][t]);
    return (Score)s;
}

#ifndef MAD_HOT_POPCNT
void mad_eval_trace(const GamePos *gp, char *out, size_t size) {
    const MadPos *p = (const MadPos *)gp;
    int f[2][T_NB], me = p->stm;
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    if (mad_status(p) != OUTCOME_ONGOING) {
        PUT("the game is over\n");
        return;
    }
    features(p, f);
    PUT("%-18s %7s %9s %9s %7s\n", "term", "weight", "player 1", "player 2", "score");
    int total = TEMPO;
    for (int t = 0; t < T_NB; t++) {
        int v = TERMS[t].weight * (f[me][t] - f[me ^ 1][t]);
        total += v;
        PUT("%-18s %7d %9d %9d %7d\n", TERMS[t].name, TERMS[t].weight, f[0][t], f[1][t], v);
    }
    PUT("%-18s %7d %9s %9s %7d\n", "tempo", TEMPO, "", "", TEMPO);
    PUT("total %d (for player %d, the player to move)\n", total, me + 1);
#undef PUT
}
#endif
