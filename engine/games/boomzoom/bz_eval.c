/* bz_eval.c — Boom & Zoom's static evaluation and its printed breakdown; every weight lives
 * in one table here so that tuning touches nothing else. */
#include <stdio.h>
#include <string.h>

#include "bz.h"

/* Terms, each a count per player; the score is the weighted difference, the side to move's
 * first. Every count is a property of the position up to a half-turn of the board and a
 * swap of the players, so the evaluation is symmetric. */
typedef enum {
    T_OFF,      /* checkers borne off: the score itself */
    T_CHECKERS, /* checkers on the board: what can still be borne off */
    T_ADVANCE,  /* checkers times ranks advanced from the home rank: the race */
    T_READY,    /* checkers in towers that can bear off at their next move */
    T_NB
} Term;

typedef struct {
    const char *name;
    int weight;
} TermDef;

static const TermDef TERMS[T_NB] = {
    [T_OFF] = {"borne off", 100},
    [T_CHECKERS] = {"on board", 60},
    [T_ADVANCE] = {"advance", 2},
    [T_READY] = {"ready", 10},
};
/* For the side to move. */
#define TEMPO 10

/* Checkers in the towers of b (by the height bitboards). */
static inline int checkers_in(const BZPos *p, Bb b) {
    return bz_popcount(b) + bz_popcount(b & p->tall2) + bz_popcount(b & p->tall3);
}

static void features(const BZPos *p, int f[2][T_NB]) {
    for (int k = 0; k < 2; k++) {
        int c = p->stm ^ k;
        Bb own = p->occ[c];
        f[k][T_OFF] = p->off[c];
        f[k][T_CHECKERS] = checkers_in(p, own);
        int adv = 0;
        for (int r = 1; r < 8; r++) adv += r * checkers_in(p, own & bz_ranks_left(c, 7 - r));
        f[k][T_ADVANCE] = adv;
        f[k][T_READY] = checkers_in(p, bz_bear_offs(p, c, ~(own | p->occ[c ^ 1])));
    }
}

Score BZ_HOT(bz_evaluate)(const GamePos *gp) {
    const BZPos *p = (const BZPos *)gp;
    int f[2][T_NB];
    features(p, f);
    int s = TEMPO;
    for (int t = 0; t < T_NB; t++) s += TERMS[t].weight * (f[0][t] - f[1][t]);
    return (Score)s;
}

#ifndef BZ_HOT_POPCNT
void bz_eval_trace(const GamePos *gp, char *out, size_t size) {
    const BZPos *p = (const BZPos *)gp;
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    if (bz_over(p)) PUT("the game is over (the search scores it by checkers off)\n");
    int f[2][T_NB];
    features(p, f);
    char me[16], them[16];
    snprintf(me, sizeof me, "player %d", p->stm + 1);
    snprintf(them, sizeof them, "player %d", 2 - p->stm);
    PUT("%-12s %7s %9s %9s %7s\n", "term", "weight", me, them, "score");
    int total = TEMPO;
    for (int t = 0; t < T_NB; t++) {
        int v = TERMS[t].weight * (f[0][t] - f[1][t]);
        total += v;
        PUT("%-12s %7d %9d %9d %7d\n", TERMS[t].name, TERMS[t].weight, f[0][t], f[1][t], v);
    }
    PUT("%-12s %7d %9s %9s %7d\n", "tempo", TEMPO, "", "", TEMPO);
    PUT("total %d (for player %d, the side to move)\n", total, p->stm + 1);
#undef PUT
}
#endif
