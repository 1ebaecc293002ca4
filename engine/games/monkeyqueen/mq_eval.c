/* mq_eval.c — Monkey Queen's static evaluation and its printed breakdown; every weight
 * lives in one table here so that tuning touches nothing else. The evaluation is hot
 * code (compiled twice, see MQ_HOT in mq.h); the breakdown only once. */
#include "mq.h"

#include <stdio.h>
#include <string.h>

/* Terms, each a count per colour; the score is the weighted difference, side to move first.
 * Every count is a property of the position up to a 180-degree turn and a colour swap,
 * so the evaluation is symmetric. */
typedef enum {
    T_CHECKERS,   /* checkers on the board (queen height + babies) */
    T_BABIES,     /* babies on the board, on top of their checker */
    T_QUEEN_MOB,  /* quiet moves of the queen (a reserve: each one also births a baby) */
    T_BABY_MOB,   /* quiet moves of the babies (toward the enemy queen only) */
    T_HANGING,    /* pieces an enemy piece sees and no own piece guards */
    T_Q_OPEN,     /* empty squares the queen sees: where an enemy may come to attack it */
    T_Q_SHIELD,   /* own pieces next to the queen on its lines, blocking them */
    T_NEAR_QUEEN, /* babies' closeness to the enemy queen (11 - king distance) */
    T_Q_THREATS,  /* empty squares the queen sees that an enemy piece can reach: checks */
    T_Q_SAFE,     /* empty squares the queen sees that no enemy piece reaches: escapes */
    T_NB
} Term;

/* A term counts for the side to move with weight, against it with weight_them: a threat
 * weighs differently when its side moves next. */
typedef struct {
    const char *name;
    int weight, weight_them;
} TermDef;

static const TermDef TERMS[T_NB] = {
    [T_CHECKERS] = {"checkers", 100, 100},
    [T_BABIES] = {"babies", 50, 50},
    [T_QUEEN_MOB] = {"queen mobility", 5, 5},
    [T_BABY_MOB] = {"baby mobility", 0, 0},
    [T_HANGING] = {"hanging", 0, 0},
    [T_Q_OPEN] = {"queen open lines", 0, 0},
    [T_Q_SHIELD] = {"queen shield", 0, 0},
    [T_NEAR_QUEEN] = {"near enemy queen", 0, 0},
    [T_Q_THREATS] = {"queen threats", -5, -5},
    [T_Q_SAFE] = {"queen safe squares", 0, 0},
};
#define TEMPO 0

static inline int popc(unsigned x) { return mq_popcount64(x); }

static inline int king_dist(int a, int b) {
    int dx = mq_file(a) - mq_file(b), dy = mq_rank(a) - mq_rank(b);
    dx = dx < 0 ? -dx : dx, dy = dy < 0 ? -dy : dy;
    return dx > dy ? dx : dy;
}

/* Squares on each line seen along that line by a colour's pieces (line-position bits). */
typedef struct {
    uint16_t seen[2][MQ_LINES];
} Sight;

/* The counts of colour c; fills c's sight. */
static void features(const MQPos *p, int c, int f[T_NB], Sight *sg) {
    int e = c ^ 1, q = p->queen[c], eq = p->queen[e], h = p->height[q];
    for (int t = 0; t < T_NB; t++) f[t] = 0;
    /* The queen. */
    const MQSqLines *s = &mq_sqlines[q];
    for (int t = 0; t < LT_NB; t++) {
        uint64_t w = p->line[s->line[t]];
        unsigned occ = (uint16_t)(w >> 32), reach = mq_reach(s->pos[t], (uint16_t)occ);
        int open = popc(reach & ~occ);
        f[T_Q_OPEN] += open;
        if (h >= 3) f[T_QUEEN_MOB] += open;
        f[T_Q_SHIELD] += popc(reach & (uint16_t)(w >> (16 * c)));
        sg->seen[c][s->line[t]] |= (uint16_t)reach;
    }
    f[T_CHECKERS] += h;
    /* The babies. */
    int ef = mq_file(eq), er = mq_rank(eq);
    for (int wi = 0; wi < 3; wi++) {
        uint64_t b = p->bb[c][wi];
        if (wi == q >> 6) b &= ~(1ULL << (q & 63));
        for (; b; b &= b - 1) {
            int sq = wi * 64 + __builtin_ctzll(b), bf = mq_file(sq), br = mq_rank(sq);
            int dx = bf - ef, dy = br - er;
            const MQSqLines *bs = &mq_sqlines[sq];
            const uint16_t *closer[LT_NB] = {mq_closer[LT_RANK][dx + 22], mq_closer[LT_FILE][dy + 22],
                                             mq_closer[LT_DIAG][dx + dy + 22], mq_closer[LT_ANTI][dx - dy + 22]};
            unsigned att = 0, def = 0;
            for (int t = 0; t < LT_NB; t++) {
                uint64_t w = p->line[bs->line[t]];
                unsigned occ = (uint16_t)(w >> 32), reach = mq_reach(bs->pos[t], (uint16_t)occ);
                f[T_BABY_MOB] += popc(reach & ~occ & closer[t][bs->pos[t]]);
                att |= reach & (uint16_t)(w >> (16 * e));
                def |= reach & (uint16_t)(w >> (16 * c));
                sg->seen[c][bs->line[t]] |= (uint16_t)reach;
            }
            f[T_HANGING] += att && !def;
            f[T_NEAR_QUEEN] += 11 - king_dist(sq, eq);
            f[T_BABIES]++;
            f[T_CHECKERS]++;
        }
    }
}

/* Colour c's queen: the empty squares it sees, split by whether an enemy piece can move
 * there (along one of the square's other lines; along the queen's line it would see the
 * queen already). */
static void queen_threats(const MQPos *p, int c, const Sight *sg, int f[T_NB]) {
    int q = p->queen[c];
    const MQSqLines *s = &mq_sqlines[q];
    const uint16_t *enemy = sg->seen[c ^ 1];
    for (int t = 0; t < LT_NB; t++) {
        int l = s->line[t];
        unsigned occ = mq_occ(p, BOTH, l), empty = mq_reach(s->pos[t], (uint16_t)occ) & ~occ;
        for (; empty; empty &= empty - 1) {
            int sq = mq_line_base[l] + __builtin_ctz(empty) * mq_line_step[l];
            const MQSqLines *e = &mq_sqlines[sq];
            bool reached = false;
            for (int u = 0; u < LT_NB; u++)
                if (u != t) reached |= (enemy[e->line[u]] >> e->pos[u]) & 1;
            f[reached ? T_Q_THREATS : T_Q_SAFE]++;
        }
    }
}

static void all_features(const MQPos *p, int f[2][T_NB]) {
    Sight sg;
    memset(&sg, 0, sizeof sg);
    features(p, p->stm, f[0], &sg);
    features(p, p->stm ^ 1, f[1], &sg);
    queen_threats(p, p->stm, &sg, f[0]);
    queen_threats(p, p->stm ^ 1, &sg, f[1]);
}

Score MQ_HOT(mq_evaluate)(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    int c = p->stm;
    if (p->queen[c] == MQ_NO_SQ || p->queen[c ^ 1] == MQ_NO_SQ) return 0; /* over: the search knows */
    int f[2][T_NB];
    all_features(p, f);
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
    if (p->queen[c] == MQ_NO_SQ || p->queen[c ^ 1] == MQ_NO_SQ) {
        PUT("the game is over (a queen was captured)\n");
        return;
    }
    int f[2][T_NB];
    all_features(p, f);
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
