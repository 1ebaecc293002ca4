/* embed_eval.c — Embed's static evaluation and its printed breakdown; every weight lives in
 * one table here. The evaluation is hot code (compiled twice, see KIT_HOT in common/hot.h); the
 * breakdown only once. */
#include <stdio.h>

#include "embed.h"
#include "../common/linear.h"

/* Terms, each a count per side; the score is the weighted difference, side to move first.
 * Every count is the same for a position and its mirror images (board turned 180 degrees
 * with the colours swapped; files mirrored), so the evaluation is symmetric. Each weight was
 * kept because a fixed-node self-play match showed it helps (figures on the game's page);
 * boss advance, own drones on the own home row and drone mobility were tried and dropped. */
typedef enum {
    T_DRONES,   /* drones on the board */
    T_RING,     /* enemy pieces around the own boss: the embedding closing in */
    T_LAST2,    /* 1 when exactly two squares around the own boss are not the enemy's */
    T_LAST1,    /* 1 when exactly one is: an embedding threatened next move */
    T_BOSS_MOB, /* squares the boss can move to: room to run, and lines not yet closed */
    T_RUN2,     /* squares the boss can move to from which it would see an empty square of
                   its goal row: an entry threatened in two moves (nearly every game ends
                   by entry) */
    T_NB
} Term;

static const KitTerm TERMS[T_NB] = {
    [T_DRONES] = {"drones", EM_DRONE_VALUE},
    [T_RING] = {"boss ring", -10},
    [T_LAST2] = {"last two", -20},
    [T_LAST1] = {"last one", -60},
    [T_BOSS_MOB] = {"boss mobility", 5},
    [T_RUN2] = {"run threats", 30},
};
/* No tempo: the side to move gets nothing for it. */
static const KitEval EVAL = {TERMS, T_NB, 0};

static void side_features(const EmPos *p, int side, Bb occ, int f[T_NB]) {
    EmBoss b = em_boss(p, side, occ);
    f[T_DRONES] = bb_popcount(p->drones[side]);
    f[T_RING] = b.ring_enemy;
    f[T_LAST2] = b.ring_free == 2;
    f[T_LAST1] = b.ring_free == 1;
    f[T_BOSS_MOB] = b.reach;
    f[T_RUN2] = b.run2;
}

/* The counts of both sides: f[0] the side to move's, f[1] the other's. */
static void features(const EmPos *p, int f[2][T_NB]) {
    Bb occ = em_occ(p);
    side_features(p, p->stm, occ, f[0]);
    side_features(p, p->stm ^ 1, occ, f[1]);
}

Score KIT_HOT(em_evaluate)(const GamePos *gp) {
    const EmPos *p = (const EmPos *)gp;
    int f[2][T_NB];
    features(p, f);
    return (Score)kit_eval(&EVAL, f[0], f[1]);
}

#ifndef KIT_HOT_BMI2
void em_eval_trace(const GamePos *gp, char *out, size_t size) {
    const EmPos *p = (const EmPos *)gp;
    Outcome o = em_terminal(gp);
    if (o != OUTCOME_ONGOING) {
        snprintf(out, size, "the game is over (%s for player %d, to move)\n",
            o == OUTCOME_WIN ? "a win" : o == OUTCOME_LOSS ? "a loss" : "a draw", p->stm + 1);
        return;
    }
    int f[2][T_NB];
    features(p, f);
    kit_eval_trace(&EVAL, f[0], f[1], p->stm, NULL, out, size, 0);
}
#endif
