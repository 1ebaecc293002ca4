/* mq_eval.c — Monkey Queen's static evaluation and its printed breakdown; every weight
 * lives in one table here so that tuning touches nothing else. The evaluation is hot
 * code (compiled twice, see KIT_HOT in common/hot.h); the breakdown only once. */
#include "mq.h"
#include "../common/linear.h"

#include <stdio.h>
#include <string.h>

/* Terms, each a count per colour; the score is the weighted difference, side to move first.
 * Every count is a property of the position up to a 180-degree turn and a colour swap, so
 * the evaluation is symmetric. Each term stays only while self-play shows it gains (see the
 * README for the matches); terms tried and dropped: baby mobility, unguarded babies, the
 * queen's open lines and its shield of own pieces, babies' closeness to the enemy queen,
 * the queen's safe squares, and weighing threats by who moves next. */
typedef enum {
    T_CHECKERS,  /* checkers on the board (queen height + babies) */
    T_BABIES,    /* babies on the board, on top of their checker */
    T_QUEEN_MOB, /* quiet moves of the queen: a reserve of moves, each also births a baby */
    T_Q_THREATS, /* empty squares the queen sees that an enemy piece can reach: where it can
                    be attacked next move */
    T_NB
} Term;

static const KitTerm TERMS[T_NB] = {
    [T_CHECKERS] = {"checkers", 100},
    [T_BABIES] = {"babies", 50},
    [T_QUEEN_MOB] = {"queen mobility", 5},
    [T_Q_THREATS] = {"queen threats", -5},
};
/* The tempo (25) is for the side to move: sight is mutual, so whoever moves next strikes first. */
static const KitEval EVAL = {TERMS, T_NB, 25};

/* Squares on each line seen along that line by a colour's pieces (line-position bits). */
typedef uint16_t Sight[MQ_LINES];

/* Colour c's queen: its quiet moves, and the empty squares it sees that an enemy piece can
 * move to (mq_queen_view). */
static void queen_terms(const MQPos *p, int c, const uint16_t *enemy, int f[T_NB]) {
    int threats, open = mq_queen_view(p, c, enemy, &threats);
    f[T_QUEEN_MOB] = p->height[p->queen[c]] >= 3 ? open : 0;
    f[T_Q_THREATS] = threats;
}

/* The counts of both colours: f[0] the side to move's, f[1] the other's. */
static void features(const MQPos *p, int f[2][T_NB]) {
    Sight seen[2];
    memset(seen, 0, sizeof seen);
    mq_sight(p, IVORY, seen[IVORY]);
    mq_sight(p, CIGAR, seen[CIGAR]);
    for (int k = 0; k < 2; k++) {
        int c = p->stm ^ k, q = p->queen[c];
        int stacks = bb_popcount(p->bb[c][0]) + bb_popcount(p->bb[c][1]) + bb_popcount(p->bb[c][2]);
        f[k][T_BABIES] = stacks - 1;
        f[k][T_CHECKERS] = stacks - 1 + p->height[q];
        queen_terms(p, c, seen[c ^ 1], f[k]);
    }
}

Score KIT_HOT(mq_evaluate)(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    if (p->queen[IVORY] == MQ_NO_SQ || p->queen[CIGAR] == MQ_NO_SQ) return 0; /* over: the search knows */
    int f[2][T_NB];
    features(p, f);
    return (Score)kit_eval(&EVAL, f[0], f[1]);
}

#ifndef KIT_HOT_BMI2
void mq_eval_trace(const GamePos *gp, char *out, size_t size) {
    const MQPos *p = (const MQPos *)gp;
    if (p->queen[IVORY] == MQ_NO_SQ || p->queen[CIGAR] == MQ_NO_SQ) {
        snprintf(out, size, "the game is over (a queen was captured)\n");
        return;
    }
    int f[2][T_NB];
    features(p, f);
    static const char *const COLOURS[2] = {"Ivory", "Cigar"};
    kit_eval_trace(&EVAL, f[0], f[1], p->stm, COLOURS, out, size, 0);
}
#endif
