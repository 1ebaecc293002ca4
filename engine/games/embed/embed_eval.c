/* embed_eval.c — Embed's static evaluation and its printed breakdown; every weight lives in
 * one table here. The evaluation is hot code (compiled twice, see EM_HOT in embed.h); the
 * breakdown only once. */
#include <stdio.h>

#include "embed.h"

/* Terms, each a count per side; the score is the weighted difference, side to move first.
 * Every count is the same for a position and its mirror (board turned 180 degrees,
 * colours swapped), so the evaluation is symmetric. */
typedef enum {
    T_DRONES,    /* drones on the board */
    T_RING,      /* enemy pieces around the own boss: the embedding closing in */
    T_ADVANCE,   /* ranks the boss has come from its own home row towards its goal */
    T_BOSS_MOB,  /* squares the boss can move to */
    T_NB
} Term;

typedef struct {
    const char *name;
    int weight;
} TermDef;

static const TermDef TERMS[T_NB] = {
    [T_DRONES] = {"drones", EM_DRONE_VALUE},
    [T_RING] = {"boss ring", 0},
    [T_ADVANCE] = {"boss advance", 0},
    [T_BOSS_MOB] = {"boss mobility", 0},
};
/* For the side to move. */
#define TEMPO 0

static void side_features(const EmPos *p, int side, Bb occ, int f[T_NB]) {
    int b = p->boss[side];
    f[T_DRONES] = em_popcount(p->drones[side]);
    f[T_RING] = em_popcount(b8_king[b] & em_pieces(p, side ^ 1));
    f[T_ADVANCE] = side == EM_P1 ? b8_rank(b) : 7 - b8_rank(b);
    f[T_BOSS_MOB] = em_popcount(em_attacks(b, occ) & ~occ);
}

/* The counts of both sides: f[0] the side to move's, f[1] the other's. */
static void features(const EmPos *p, int f[2][T_NB]) {
    Bb occ = em_occ(p);
    side_features(p, p->stm, occ, f[0]);
    side_features(p, p->stm ^ 1, occ, f[1]);
}

Score EM_HOT(em_evaluate)(const GamePos *gp) {
    const EmPos *p = (const EmPos *)gp;
    int f[2][T_NB];
    features(p, f);
    int s = TEMPO;
    for (int t = 0; t < T_NB; t++) s += TERMS[t].weight * (f[0][t] - f[1][t]);
    return (Score)s;
}

#ifndef EM_HOT_FAST
void em_eval_trace(const GamePos *gp, char *out, size_t size) {
    const EmPos *p = (const EmPos *)gp;
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    Outcome o = em_terminal(gp);
    if (o != OUTCOME_ONGOING) {
        PUT("the game is over (%s for player %d, to move)\n",
            o == OUTCOME_WIN ? "a win" : o == OUTCOME_LOSS ? "a loss" : "a draw", p->stm + 1);
        return;
    }
    int f[2][T_NB];
    features(p, f);
    PUT("%-16s %7s %9s %9s %7s\n", "term", "weight", "player 1", "player 2", "score");
    int total = TEMPO, me = p->stm;
    for (int t = 0; t < T_NB; t++) {
        int v = TERMS[t].weight * (f[0][t] - f[1][t]);
        total += v;
        PUT("%-16s %7d %9d %9d %7d\n", TERMS[t].name, TERMS[t].weight, f[me][t], f[me ^ 1][t], v);
    }
    PUT("%-16s %7d %9s %9s %7d\n", "tempo", TEMPO, "", "", TEMPO);
    PUT("total %d (for player %d, to move)\n", total, me + 1);
#undef PUT
}
#endif
