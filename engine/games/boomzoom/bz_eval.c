/* bz_eval.c — Boom & Zoom's static evaluation and its printed breakdown; every weight lives
 * in one table here so that tuning touches nothing else. */
#include <stdio.h>
#include <string.h>

#include "bz.h"

/* Terms, each a count per player; the score is the weighted difference, the side to move's
 * first. Every count is a property of the position up to a mirror of the board and a swap
 * of the players, so the evaluation is symmetric. */
typedef enum {
    T_OFF,      /* checkers borne off: the score itself */
    T_CHECKERS, /* checkers on the board: what can still be borne off */
    T_ADVANCE,  /* checkers times ranks advanced from the home rank: the race */
    T_READY,    /* checkers in towers that can bear off at their next move */
    T_TALL,     /* towers of height 3: the longest reach, the only ones that leave from 3 ranks out */
    T_BOOMABLE, /* enemy towers within reach of a boom */
    T_NB
} Term;

#ifndef BZ_W_OFF
#define BZ_W_OFF 100
#endif
#ifndef BZ_W_CHECKERS
#define BZ_W_CHECKERS 60
#endif
#ifndef BZ_W_ADVANCE
#define BZ_W_ADVANCE 3
#endif
#ifndef BZ_W_READY
#define BZ_W_READY 10
#endif
#ifndef BZ_W_TALL
#define BZ_W_TALL 0
#endif
#ifndef BZ_W_BOOMABLE
#define BZ_W_BOOMABLE 15
#endif
#ifndef BZ_TEMPO
#define BZ_TEMPO 10
#endif

typedef struct {
    const char *name;
    int weight;
} TermDef;

static const TermDef TERMS[T_NB] = {
    [T_OFF] = {"borne off", BZ_W_OFF},
    [T_CHECKERS] = {"on board", BZ_W_CHECKERS},
    [T_ADVANCE] = {"advance", BZ_W_ADVANCE},
    [T_READY] = {"ready", BZ_W_READY},
    [T_TALL] = {"tall towers", BZ_W_TALL},
    [T_BOOMABLE] = {"boomable", BZ_W_BOOMABLE},
};
/* For the side to move. */
#define TEMPO BZ_TEMPO

/* Checkers in the towers of b (by the height bitboards). */
static inline int checkers_in(const BZPos *p, Bb b) {
    return bz_popcount(b) + bz_popcount(b & p->tall2) + bz_popcount(b & p->tall3);
}

static void features(const BZPos *p, int f[2][T_NB]) {
    Bb empty = ~(p->occ[0] | p->occ[1]);
    for (int k = 0; k < 2; k++) {
        int c = p->stm ^ k;
        Bb own = p->occ[c];
        f[k][T_OFF] = p->off[c];
        f[k][T_CHECKERS] = checkers_in(p, own);
        int adv = 0;
        for (int r = 1; r < 8; r++) adv += r * checkers_in(p, own & bz_ranks_left(c, 7 - r));
        f[k][T_ADVANCE] = adv;
        f[k][T_READY] = checkers_in(p, bz_bear_offs(p, c, empty));
        f[k][T_TALL] = bz_popcount(own & p->tall3);
        f[k][T_BOOMABLE] = BZ_W_BOOMABLE ? bz_popcount(bz_boomable(p, c)) : 0;
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
