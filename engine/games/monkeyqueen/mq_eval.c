/* mq_eval.c — Monkey Queen's static evaluation and its printed breakdown; every weight
 * lives in one table here so that tuning touches nothing else. The evaluation is hot
 * code (compiled twice, see MQ_HOT in mq.h); the breakdown only once. */
#include "mq.h"

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

/* A term counts for the side to move with weight, against it with weight_them. */
typedef struct {
    const char *name;
    int weight, weight_them;
} TermDef;

static const TermDef TERMS[T_NB] = {
    [T_CHECKERS] = {"checkers", 100, 100},
    [T_BABIES] = {"babies", 50, 50},
    [T_QUEEN_MOB] = {"queen mobility", 5, 5},
    [T_Q_THREATS] = {"queen threats", -5, -5},
};
/* For the side to move: sight is mutual, so whoever moves next strikes first. */
#define TEMPO 25

/* Squares on each line seen along that line by a colour's pieces (line-position bits). */
typedef uint16_t Sight[MQ_LINES];

/* Adds what the stack on sq sees along its four lines to seen. */
static inline void add_sight(const MQPos *p, int sq, uint16_t *seen) {
    const MQSqLines *s = &mq_sqlines[sq];
    for (int t = 0; t < LT_NB; t++) seen[s->line[t]] |= (uint16_t)mq_reach_w(s->pos[t], p->line[s->line[t]]);
}

static void sight(const MQPos *p, int c, uint16_t *seen) {
    for (int w = 0; w < 3; w++)
        for (uint64_t b = p->bb[c][w]; b; b &= b - 1) add_sight(p, w * 64 + __builtin_ctzll(b), seen);
}

/* Colour c's queen: its quiet moves, and the empty squares it sees that an enemy piece can
 * move to (along one of the square's other lines: along the queen's line it would see the
 * queen already). */
static void queen_terms(const MQPos *p, int c, const uint16_t *enemy, int f[T_NB]) {
    int q = p->queen[c];
    const MQSqLines *s = &mq_sqlines[q];
    int open = 0, threats = 0;
    for (int t = 0; t < LT_NB; t++) {
        int l = s->line[t];
        uint64_t w = p->line[l];
        unsigned empty = mq_reach_w(s->pos[t], w) & ~(unsigned)(w >> 32) & 0xFFFF;
        open += mq_popcount64(empty);
        for (; empty; empty &= empty - 1) {
            const MQSqLines *e = &mq_sqlines[mq_line_base[l] + __builtin_ctz(empty) * mq_line_step[l]];
            unsigned reached = 0;
            for (int u = 0; u < LT_NB; u++) reached |= (unsigned)(u != t) & (enemy[e->line[u]] >> e->pos[u]);
            threats += reached & 1;
        }
    }
    f[T_QUEEN_MOB] = p->height[q] >= 3 ? open : 0;
    f[T_Q_THREATS] = threats;
}

/* The counts of both colours: f[0] the side to move's, f[1] the other's. */
static void features(const MQPos *p, int f[2][T_NB]) {
    Sight seen[2];
    memset(seen, 0, sizeof seen);
    sight(p, IVORY, seen[IVORY]);
    sight(p, CIGAR, seen[CIGAR]);
    for (int k = 0; k < 2; k++) {
        int c = p->stm ^ k, q = p->queen[c];
        int stacks = mq_popcount64(p->bb[c][0]) + mq_popcount64(p->bb[c][1]) + mq_popcount64(p->bb[c][2]);
        f[k][T_BABIES] = stacks - 1;
        f[k][T_CHECKERS] = stacks - 1 + p->height[q];
        queen_terms(p, c, seen[c ^ 1], f[k]);
    }
}

Score MQ_HOT(mq_evaluate)(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    if (p->queen[IVORY] == MQ_NO_SQ || p->queen[CIGAR] == MQ_NO_SQ) return 0; /* over: the search knows */
    int f[2][T_NB];
    features(p, f);
    int s = TEMPO;
    for (int t = 0; t < T_NB; t++) s += TERMS[t].weight * f[0][t] - TERMS[t].weight_them * f[1][t];
    return (Score)s;
}

#ifndef MQ_HOT_BMI2
void mq_eval_trace(const GamePos *gp, char *out, size_t size) {
    const MQPos *p = (const MQPos *)gp;
    int c = p->stm;
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    if (p->queen[IVORY] == MQ_NO_SQ || p->queen[CIGAR] == MQ_NO_SQ) {
        PUT("the game is over (a queen was captured)\n");
        return;
    }
    int f[2][T_NB];
    features(p, f);
    const char *me = c == IVORY ? "Ivory" : "Cigar", *them = c == IVORY ? "Cigar" : "Ivory";
    PUT("%-18s %11s %6s %6s %7s\n", "term", "weights", me, them, "score");
    int total = TEMPO;
    for (int t = 0; t < T_NB; t++) {
        int v = TERMS[t].weight * f[0][t] - TERMS[t].weight_them * f[1][t];
        total += v;
        PUT("%-18s %5d/%-5d %6d %6d %7d\n", TERMS[t].name, TERMS[t].weight, TERMS[t].weight_them, f[0][t], f[1][t], v);
    }
    PUT("%-18s %11d %6s %6s %7d\n", "tempo", TEMPO, "", "", TEMPO);
    PUT("total %d (for %s, the side to move)\n", total, me);
#undef PUT
}
#endif
