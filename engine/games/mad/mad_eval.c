/* mad_eval.c — M.A.D.'s static evaluation (hot) and its printed terms: features counted
 * for each player from bitboards, weighed in one table, scored for the player to move. */
#include <stdio.h>

#include "mad.h"
#include "../common/linear.h"

/* Each term was kept for a self-play match it won (engine/games/mad/README.md). Combat is
 * always even, so the checkers themselves count for nothing: what counts is how far they
 * have come, which of them can run home unopposed, and the stacks that can still lunge
 * and wipe out intruders. */
enum { T_ADVANCE, T_RUNNER, T_PAIR, T_LUNGER, T_FOUR, T_NB };

static const KitTerm TERMS[T_NB] = {
    [T_ADVANCE] = {"advance", 2},
    [T_RUNNER] = {"safe runners", 10},
    [T_PAIR] = {"stacks of 2+", 25},
    [T_LUNGER] = {"stacks of 3+", 50},
    [T_FOUR] = {"stacks of 4", 25},
};
/* The tempo (10) is for the player to move. */
static const KitEval EVAL = {TERMS, T_NB, 10};

/* A checker's worth by the rows it has come from its home row (0; it starts on row 1) towards
 * its goal row (7, where the game is over). */
static const int ADVANCE[8] = {0, 0, 3, 8, 16, 30, 60, 0};
/* A stack that no enemy neighbour can wipe out, by the rows it still has to go (1..6). */
static const int RUNNER[7] = {0, 8, 4, 2, 1, 0, 0};

/* Row r of player pl's board, counted from pl's home row. */
static inline Bb row_of(int pl, int r) { return b8_rank_bb(pl == PLAYER_1 ? r : 7 - r); }

/* The squares next to the squares of b. */
static inline Bb around(Bb b) {
    Bb a = b8_shift(b, DIR_N) | b8_shift(b, DIR_S);
    Bb row = b | a;
    return a | b8_shift(row, DIR_E) | b8_shift(row, DIR_W);
}

static void features(const MadPos *p, int f[2][T_NB]) {
    for (int pl = 0; pl < 2; pl++) {
        const Bb *me = p->atl[pl], *them = p->atl[pl ^ 1];
        int adv = 0;
        for (int r = 2; r < 7; r++) {
            Bb row = row_of(pl, r);
            adv += ADVANCE[r] * (bb_popcount(me[0] & row) + bb_popcount(me[1] & row) + bb_popcount(me[2] & row) +
                                 bb_popcount(me[3] & row));
        }
        /* a stack of exactly h + 1 is wiped out by an enemy neighbour at least as high */
        Bb exposed = 0;
        for (int h = 0; h < MAD_MAX_HEIGHT; h++)
            exposed |= me[h] & ~(h + 1 < MAD_MAX_HEIGHT ? me[h + 1] : 0) & around(them[h]);
        int run = 0;
        for (int d = 1; d <= 4; d++) run += RUNNER[d] * bb_popcount(me[0] & ~exposed & row_of(pl, 7 - d));
        f[pl][T_ADVANCE] = adv;
        f[pl][T_RUNNER] = run;
        f[pl][T_PAIR] = bb_popcount(me[1]);
        f[pl][T_LUNGER] = bb_popcount(me[2]);
        f[pl][T_FOUR] = bb_popcount(me[3]);
    }
}

Score KIT_HOT(mad_evaluate)(const GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    int f[2][T_NB], me = p->stm;
    features(p, f);
    return (Score)kit_eval(&EVAL, f[me], f[me ^ 1]);
}

#ifndef KIT_HOT_BMI2
void mad_eval_trace(const GamePos *gp, char *out, size_t size) {
    const MadPos *p = (const MadPos *)gp;
    int f[2][T_NB], me = p->stm;
    if (mad_status(p) != OUTCOME_ONGOING) {
        snprintf(out, size, "the game is over\n");
        return;
    }
    features(p, f);
    kit_eval_trace(&EVAL, f[me], f[me ^ 1], me, NULL, out, size, 0);
}
#endif
