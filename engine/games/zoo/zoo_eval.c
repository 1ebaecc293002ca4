/* zoo_eval.c — Zoo Contest's static evaluation and its printed breakdown; every weight lives
 * in one table here, each term kept only for a measured gain (engine/games/zoo/README.md). */
#include <stdio.h>

#include "zoo.h"

/* Terms, each a count per player; the score is the weighted difference for the player who
 * decides. Every count is a property of the position up to a half turn of the board and a
 * swap of the players, so the evaluation is symmetric. */
typedef enum {
    T_FLAGS, /* goal flags set */
    T_RACE,  /* moves the missing flags still need, each piece on its own (see race()) */
    T_MICE,  /* mice on the board */
    T_NB
} Term;

typedef struct {
    const char *name;
    int weight;
} TermDef;

static const TermDef TERMS[T_NB] = {
    [T_FLAGS] = {"goal flags", 150},
    [T_RACE] = {"race (moves to go)", -40},
    [T_MICE] = {"mice on the board", 20},
};
/* For the player who decides: the next move is his. */
#define TEMPO 20

static inline int absi(int x) { return x < 0 ? -x : x; }

/* Ranks a piece of pl on sq still has to travel for its flag: to the far row (short game);
 * long game, to the far row and back home unless Royal, then home. */
static int ranks_to_go(const ZooPos *p, int pl, int sq, bool royal) {
    int far = far_rank(p, pl), home = home_rank(p, pl), r = zoo_rank(sq);
    if (!p->st.longgame) return absi(far - r);
    return royal ? absi(home - r) : absi(far - r) + p->st.h - 1;
}

/* Moves the missing flags of pl need, each piece as if alone on the board: the elephant a
 * rank a move, the monkey two, the best mouse one (a pooled mouse is dropped first). */
static int race(const ZooPos *p, int pl) {
    const ZooState *s = &p->st;
    int g = s->goals >> (3 * pl), total = 0;
    if (!(g & 1)) total += ranks_to_go(p, pl, s->esq[pl], royal_e(p, pl));
    if (!(g & 2)) total += (ranks_to_go(p, pl, s->msq[pl], royal_m(p, pl)) + 1) / 2;
    if (!(g & 4)) {
        int best = pool_of(p, pl) ? 1 + ranks_to_go(p, pl, zoo_sq(0, home_rank(p, pl)), false) : 1000;
        for (int i = 0; i < 4; i++) {
            int sq = s->mice[pl][i];
            if (sq == ZOO_NO_SQ) continue;
            int t = ranks_to_go(p, pl, sq, (p->cell[sq] & C_T(pl)) != 0);
            if (t < best) best = t;
        }
        total += best;
    }
    return total;
}

static void features(const ZooPos *p, int pl, int f[T_NB]) {
    int g = p->st.goals >> (3 * pl) & 7;
    f[T_FLAGS] = (g & 1) + (g >> 1 & 1) + (g >> 2 & 1);
    f[T_RACE] = race(p, pl);
    f[T_MICE] = p->st.nmice[pl];
}

Score zoo_evaluate(const GamePos *gp) {
    const ZooPos *p = (const ZooPos *)gp;
    int me = p->st.side, f[2][T_NB];
    features(p, me, f[0]);
    features(p, me ^ 1, f[1]);
    int s = TEMPO;
    for (int t = 0; t < T_NB; t++) s += TERMS[t].weight * (f[0][t] - f[1][t]);
    return (Score)s;
}

void zoo_eval_trace(const GamePos *gp, char *out, size_t size) {
    const ZooPos *p = (const ZooPos *)gp;
    int me = p->st.side, f[2][T_NB];
    features(p, 0, f[0]);
    features(p, 1, f[1]);
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    PUT("%-22s %8s %8s %7s %8s\n", "term", "player 1", "player 2", "weight", "score");
    for (int t = 0; t < T_NB; t++) {
        int v = TERMS[t].weight * (f[me][t] - f[me ^ 1][t]);
        PUT("%-22s %8d %8d %7d %8d\n", TERMS[t].name, f[0][t], f[1][t], TERMS[t].weight, v);
    }
    PUT("%-22s %8s %8s %7d %8d\n", "tempo", "", "", TEMPO, TEMPO);
    PUT("Total for player %d (who decides): %d\n", me + 1, (int)zoo_evaluate(gp));
#undef PUT
}
