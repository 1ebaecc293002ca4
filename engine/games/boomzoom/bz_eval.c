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
    T_FINISH,   /* moves to bear every tower off, unhindered */
    T_NEAR,     /* checkers times the moves they are from leaving short of 8: closeness to bearing off */
    T_RACE,     /* (side to move only) the checkers the race model says it gains, endgames only */
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
#ifndef BZ_W_FINISH
#define BZ_W_FINISH 0
#endif
#ifndef BZ_W_NEAR
#define BZ_W_NEAR 0
#endif
#ifndef BZ_W_RACE
#define BZ_W_RACE 0
#endif
#ifndef BZ_RACE_TOWERS
#define BZ_RACE_TOWERS 6
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
    [T_FINISH] = {"finish", BZ_W_FINISH},
    [T_NEAR] = {"near", BZ_W_NEAR},
    [T_RACE] = {"race", BZ_W_RACE},
};
/* For the side to move. */
#define TEMPO BZ_TEMPO

/* Checkers in the towers of b (by the height bitboards). */
static inline int checkers_in(const BZPos *p, Bb b) {
    return bz_popcount(b) + bz_popcount(b & p->tall2) + bz_popcount(b & p->tall3);
}

/* Moves a tower of height h needs to bear off from k ranks before its far rank, unhindered:
 * the step off the board counts, each move covers up to h squares. */
static const uint8_t FINISH_MOVES[BZ_MAX_HEIGHT + 1][8] = {
    {0}, {1, 2, 3, 4, 5, 6, 7, 8}, {1, 1, 2, 2, 3, 3, 4, 4}, {1, 1, 1, 2, 2, 2, 3, 3}};

typedef struct {
    int n, moves, checkers, near;
    uint8_t h[BZ_TOWERS], m[BZ_TOWERS];
} RaceSide;

static void race_side(const BZPos *p, int c, RaceSide *r) {
    r->n = r->moves = r->checkers = r->near = 0;
    for (Bb b = p->occ[c]; b && r->n < BZ_TOWERS; b &= b - 1) {
        int sq = b8_lsb(b), h = p->height[sq], k = c == BZ_P1 ? 7 - b8_rank(sq) : b8_rank(sq);
        r->h[r->n] = (uint8_t)h;
        r->m[r->n] = FINISH_MOVES[h][k];
        r->moves += r->m[r->n];
        r->checkers += h;
        r->near += h * (8 - r->m[r->n]);
        r->n++;
    }
}

/* Whether tower i goes before tower j: more checkers per move, then the taller (so that the
 * order, and the result, never depend on the squares). */
static inline bool race_before(const RaceSide *r, int i, int j) {
    int a = r->h[i] * r->m[j], b = r->h[j] * r->m[i];
    return a > b || (a == b && r->h[i] > r->h[j]);
}

/* Checkers a side banks in budget moves, the towers taken by checkers per move. */
static int race_bank(RaceSide *r, int budget) {
    for (int i = 1; i < r->n; i++)
        for (int j = i; j > 0 && race_before(r, j, j - 1); j--) {
            uint8_t h = r->h[j], m = r->m[j];
            r->h[j] = r->h[j - 1], r->m[j] = r->m[j - 1];
            r->h[j - 1] = h, r->m[j - 1] = m;
        }
    int got = 0;
    for (int i = 0; i < r->n; i++)
        if (r->m[i] <= budget) budget -= r->m[i], got += r->h[i];
    return got;
}

/* The race without contact. A side ends the game by bearing off its last tower, and does
 * so only to win: the side to move could end it at its me->moves-th move, the other side
 * at its them->moves-th, each against what the other banked by then. The first ending that
 * pays happens; if none pays, both bank everything and the totals decide. Returns the side
 * to move's margin in checkers. */
static int race(const BZPos *p, RaceSide *me, RaceSide *them) {
    int off_me = p->off[p->stm], off_them = p->off[p->stm ^ 1];
    int all_me = off_me + me->checkers, all_them = off_them + them->checkers;
    int i_end = all_me - off_them - race_bank(them, me->moves - 1);
    int they_end = off_me + race_bank(me, them->moves) - all_them;
    if (i_end > 0 && (they_end >= 0 || me->moves <= them->moves)) return i_end;
    if (they_end < 0) return they_end;
    return all_me - all_them;
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
    RaceSide r[2];
    race_side(p, p->stm, &r[0]);
    race_side(p, p->stm ^ 1, &r[1]);
    f[0][T_FINISH] = r[0].moves;
    f[1][T_FINISH] = r[1].moves;
    f[0][T_NEAR] = r[0].near;
    f[1][T_NEAR] = r[1].near;
    f[0][T_RACE] = f[1][T_RACE] = 0;
    if (BZ_W_RACE && r[0].n && r[1].n && r[0].n + r[1].n <= BZ_RACE_TOWERS) f[0][T_RACE] = race(p, &r[0], &r[1]);
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
