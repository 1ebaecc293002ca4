/* mad_eval.c — M.A.D.'s static evaluation (hot) and its printed terms: features counted
 * for each player from bitboards, weighed in one table, scored for the player to move. */
#include <stdio.h>

#include "mad.h"

enum { T_ADVANCE, T_RUNNER, T_THREAT, T_HOME, T_LUNGER, T_FOUR, T_PAIR, T_NB };

/* Each term's weight for the player to move and for the other one (a threat is worth
 * more to the player who can carry it out now). */
typedef struct {
    const char *name;
    int mine, theirs;
} Term;

#ifndef MAD_W_RUNNER
#define MAD_W_RUNNER 10
#endif
#ifndef MAD_W_THREAT
#define MAD_W_THREAT 0
#endif
#ifndef MAD_W_THREAT_THEIRS
#define MAD_W_THREAT_THEIRS MAD_W_THREAT
#endif
#ifndef MAD_W_HOME
#define MAD_W_HOME 0
#endif
#ifndef MAD_W_LUNGER
#define MAD_W_LUNGER 50
#endif
#ifndef MAD_W_FOUR
#define MAD_W_FOUR 25
#endif
#ifndef MAD_W_PAIR
#define MAD_W_PAIR 25
#endif
#ifndef MAD_TEMPO
#define MAD_TEMPO 10
#endif
#ifndef MAD_W_ADVANCE
#define MAD_W_ADVANCE 1
#endif
#ifndef MAD_RUNNER_TABLE
#define MAD_RUNNER_TABLE 0, 8, 4, 2, 1, 0, 0
#endif

static const Term TERMS[T_NB] = {
    [T_ADVANCE] = {"advance", MAD_W_ADVANCE, MAD_W_ADVANCE},
    [T_RUNNER] = {"safe runners", MAD_W_RUNNER, MAD_W_RUNNER},
    [T_THREAT] = {"goal threats", MAD_W_THREAT, MAD_W_THREAT_THEIRS},
    [T_HOME] = {"home guard", MAD_W_HOME, MAD_W_HOME},
    [T_LUNGER] = {"lungers", MAD_W_LUNGER, MAD_W_LUNGER},
    [T_FOUR] = {"fours", MAD_W_FOUR, MAD_W_FOUR},
    [T_PAIR] = {"pairs", MAD_W_PAIR, MAD_W_PAIR},
};
enum { TEMPO = MAD_TEMPO };

/* Checkers' worth by the rows they have come towards their goal (0 on the home row's
 * neighbour, where they start; 6 on the goal row). */
static const int ADVANCE[8] = {0, 0, 3, 8, 16, 30, 60, 0};
/* A stack no enemy stack next to it can wipe out, by its rows to go (1..6). */
static const int RUNNER[7] = {MAD_RUNNER_TABLE};

/* The row of sq counted from player pl's home row (0) towards its goal (7). */
static inline Bb rows_from_home(int pl, int r) { return b8_rank_bb(pl == PLAYER_1 ? r : 7 - r); }

static inline Bb around(Bb b) {
    Bb a = b8_shift(b, DIR_N) | b8_shift(b, DIR_S);
    Bb row = b | a;
    return a | b8_shift(row, DIR_E) | b8_shift(row, DIR_W);
}

static void features(const MadPos *p, int f[2][T_NB]) {
    Bb occ = mad_occ(p);
    for (int pl = 0; pl < 2; pl++) {
        const Bb *me = p->atl[pl], *them = p->atl[pl ^ 1];
        int adv = 0;
        for (int r = 2; r < 7; r++) {
            Bb row = rows_from_home(pl, r);
            int checkers = b8_popcount(me[0] & row) + b8_popcount(me[1] & row) + b8_popcount(me[2] & row) +
                           b8_popcount(me[3] & row);
            adv += ADVANCE[r] * checkers;
        }
        f[pl][T_ADVANCE] = adv;
        /* a stack of h is wiped out by an enemy neighbour at least h high */
        Bb exposed = 0;
        for (int h = 0; h < MAD_MAX_HEIGHT; h++) exposed |= me[h] & ~(h + 1 < MAD_MAX_HEIGHT ? me[h + 1] : 0) & around(them[h]);
        int run = 0;
        for (int d = 1; d <= 6; d++) run += RUNNER[d] * b8_popcount(me[0] & ~exposed & rows_from_home(pl, 7 - d));
        f[pl][T_RUNNER] = run;
        /* stacks next to the goal row with a goal square they can take and hold */
        Bb goal = mad_goal(pl), pre = rows_from_home(pl, 6), threats = 0;
        for (int h = 0; h < MAD_MAX_HEIGHT; h++) {
            Bb weaker = goal & ~occ;
            if (h > 0) weaker |= goal & them[0] & ~them[h];
            threats |= me[h] & ~(h + 1 < MAD_MAX_HEIGHT ? me[h + 1] : 0) & pre & around(weaker);
        }
        Bb empty = ~occ, two = me[2] & rows_from_home(pl, 5);
        int up = pl == PLAYER_1 ? DIR_N : DIR_S, up_e = pl == PLAYER_1 ? DIR_NE : DIR_SE,
            up_w = pl == PLAYER_1 ? DIR_NW : DIR_SW;
        int lunges = b8_popcount(b8_shift(b8_shift(two, up) & empty, up) & empty) +
                     b8_popcount(b8_shift(b8_shift(two, up_e) & empty, up_e) & empty) +
                     b8_popcount(b8_shift(b8_shift(two, up_w) & empty, up_w) & empty);
        f[pl][T_THREAT] = b8_popcount(threats) + (lunges > 0);
        f[pl][T_HOME] = b8_popcount(me[0] & (rows_from_home(pl, 0) | rows_from_home(pl, 1)));
        f[pl][T_LUNGER] = b8_popcount(me[2]);
        f[pl][T_FOUR] = b8_popcount(me[3]);
        f[pl][T_PAIR] = b8_popcount(me[1]);
    }
}

static inline int term_score(int t, const int f[2][T_NB], int me) {
    return TERMS[t].mine * f[me][t] - TERMS[t].theirs * f[me ^ 1][t];
}

Score MAD_HOT(mad_evaluate)(const GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    int f[2][T_NB], me = p->stm;
    features(p, f);
    int s = TEMPO;
    for (int t = 0; t < T_NB; t++) s += term_score(t, f, me);
    return (Score)s;
}

#ifndef MAD_HOT_POPCNT
void mad_eval_trace(const GamePos *gp, char *out, size_t size) {
    const MadPos *p = (const MadPos *)gp;
    int f[2][T_NB], me = p->stm;
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    if (mad_status(p) != OUTCOME_ONGOING) {
        PUT("the game is over\n");
        return;
    }
    features(p, f);
    PUT("%-18s %11s %9s %9s %7s\n", "term", "weights", "player 1", "player 2", "score");
    int total = TEMPO;
    for (int t = 0; t < T_NB; t++) {
        int v = term_score(t, f, me);
        total += v;
        PUT("%-18s %5d/%-5d %9d %9d %7d\n", TERMS[t].name, TERMS[t].mine, TERMS[t].theirs, f[0][t], f[1][t], v);
    }
    PUT("%-18s %11d %9s %9s %7d\n", "tempo", TEMPO, "", "", TEMPO);
    PUT("total %d (for player %d, the player to move; weights: its own/the other's)\n", total, me + 1);
#undef PUT
}
#endif
