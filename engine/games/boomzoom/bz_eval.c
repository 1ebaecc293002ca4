/* bz_eval.c — Boom & Zoom's static evaluation and its printed breakdown; every weight lives
 * in one table here so that tuning touches nothing else. */
#include <stdio.h>
#include <string.h>

#include "bz.h"
#include "../common/linear.h"

/* Terms, each a count per player; the score is the weighted difference, the side to move's
 * first. Every count is a property of the position up to a mirror of the board and a swap
 * of the players, so the evaluation is symmetric. Each term and weight was kept because a
 * fixed-node self-play match showed it helps (the figures are on the game's page). */
typedef enum {
    T_OFF,      /* checkers borne off: the score itself */
    T_CHECKERS, /* checkers on the board: what can still be borne off */
    T_READY,    /* checkers in towers that can bear off at their next move */
    T_TALL,     /* towers of height 3: the longest reach, the only ones that leave from 3 ranks out */
    T_BOOMABLE, /* enemy towers within reach of a boom */
    T_FINISH,   /* moves to bear every tower off, unhindered: fewer is better */
    T_RACE,     /* (side to move only) the checkers the race model says it gains */
    T_NB
} Term;

static const KitTerm TERMS[T_NB] = {
    [T_OFF] = {"borne off", 100}, [T_CHECKERS] = {"on board", 60}, [T_READY] = {"ready", 10},
    [T_TALL] = {"tall towers", 30}, [T_BOOMABLE] = {"boomable", 15}, [T_FINISH] = {"finish", -10},
    [T_RACE] = {"race", 60},
};
/* The tempo (10) is for the side to move. */
static const KitEval EVAL = {TERMS, T_NB, 10};

/* Checkers in the towers of b (by the height bitboards). */
static inline int checkers_in(const BZPos *p, Bb b) {
    return bb_popcount(b) + bb_popcount(b & p->tall2) + bb_popcount(b & p->tall3);
}

/* Moves a tower of height h needs to bear off from k ranks before its far rank, unhindered:
 * the step off the board counts, each move covers up to h squares. */
static const uint8_t FINISH_MOVES[BZ_MAX_HEIGHT + 1][8] = {
    {0}, {1, 2, 3, 4, 5, 6, 7, 8}, {1, 1, 2, 2, 3, 3, 4, 4}, {1, 1, 1, 2, 2, 2, 3, 3}};

/* The race takes towers by checkers per move, then the taller first (so that the order, and
 * the result, never depend on the squares). Towers alike in height and moves are one kind;
 * the 15 kinds that occur, in that order, are KIND_H/KIND_M, and KIND_OF[h][k] is the kind
 * of a tower of height h k ranks before its far rank (FINISH_MOVES gives its moves). */
enum { KINDS = 15 };
static const uint8_t KIND_H[KINDS] = {3, 2, 3, 3, 2, 1, 2, 2, 1, 1, 1, 1, 1, 1, 1};
static const uint8_t KIND_M[KINDS] = {1, 1, 2, 3, 2, 1, 3, 4, 2, 3, 4, 5, 6, 7, 8};
static const uint8_t KIND_OF[BZ_MAX_HEIGHT + 1][8] = {
    {0}, {5, 8, 9, 10, 11, 12, 13, 14}, {1, 1, 4, 4, 6, 6, 7, 7}, {0, 0, 0, 2, 2, 2, 3, 3}};

typedef struct {
    int n, moves, checkers;
    unsigned kinds;          /* the kinds present, bit i for kind i */
    uint8_t count[16];       /* towers of each kind (KINDS of them; 16 bytes clear at once) */
} RaceSide;

static void race_side(const BZPos *p, int c, RaceSide *r) {
    r->n = r->moves = r->checkers = 0;
    r->kinds = 0;
    memset(r->count, 0, sizeof r->count);
    for (Bb b = p->occ[c]; b; b &= b - 1) {
        int sq = bb_lsb(b), h = p->height[sq], k = c == BZ_P1 ? 7 - b8_rank(sq) : b8_rank(sq);
        int kind = KIND_OF[h][k];
        r->kinds |= 1u << kind;
        r->count[kind]++;
        r->moves += FINISH_MOVES[h][k];
        r->checkers += h;
        r->n++;
    }
}

/* Checkers a side banks in budget moves, the towers taken in the race's order, each that
 * still fits. */
static int race_bank(const RaceSide *r, int budget) {
    int got = 0;
    for (unsigned b = r->kinds; b && budget > 0; b &= b - 1) {
        int kind = __builtin_ctz(b), m = KIND_M[kind];
        for (int i = r->count[kind]; i > 0 && m <= budget; i--) budget -= m, got += KIND_H[kind];
    }
    return got;
}

/* The race without contact. A side ends the game by bearing off its last tower, and does
 * so only to win: the side to move could end it at its me->moves-th move, the other side
 * at its them->moves-th, each against what the other banked by then. The first ending that
 * pays happens; if none pays, both bank everything and the totals decide. Returns the side
 * to move's margin in checkers. */
static int race(const BZPos *p, const RaceSide *me, const RaceSide *them) {
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
        f[k][T_READY] = checkers_in(p, bz_bear_offs(p, c, empty));
        f[k][T_TALL] = bb_popcount(own & p->tall3);
        f[k][T_BOOMABLE] = bb_popcount(bz_boomable(p, c));
    }
    RaceSide r[2];
    race_side(p, p->stm, &r[0]);
    race_side(p, p->stm ^ 1, &r[1]);
    f[0][T_FINISH] = r[0].moves;
    f[1][T_FINISH] = r[1].moves;
    f[0][T_RACE] = r[0].n && r[1].n ? race(p, &r[0], &r[1]) : 0;
    f[1][T_RACE] = 0;
}

Score KIT_HOT(bz_evaluate)(const GamePos *gp) {
    const BZPos *p = (const BZPos *)gp;
    int f[2][T_NB];
    features(p, f);
    return (Score)kit_eval(&EVAL, f[0], f[1]);
}

#ifndef KIT_HOT_BMI2
void bz_eval_trace(const GamePos *gp, char *out, size_t size) {
    const BZPos *p = (const BZPos *)gp;
    int n = bz_over(p) ? snprintf(out, size, "the game is over (the search scores it by checkers off)\n") : 0;
    int f[2][T_NB];
    features(p, f);
    kit_eval_trace(&EVAL, f[0], f[1], p->stm, NULL, out, size, (size_t)n);
}
#endif
