/* zoo_eval.c — Zoo Contest's static evaluation and its printed breakdown; every weight lives
 * in one table here, each term kept only for a measured gain (engine/games/zoo/README.md). */
#include <stdio.h>
#include <string.h>

#include "zoo.h"
#include "../common/linear.h"

/* Terms, each a count per player; the score is the weighted difference for the player who
 * decides. Every count is a property of the position up to a half turn of the board and a
 * swap of the players, so the evaluation is symmetric. */
typedef enum {
    T_FLAGS, /* goal flags set */
    T_RACE,  /* moves the missing flags still need, each piece on its own (see race()) */
    T_MICE,  /* mice on the board */
    T_SLOWEST, /* moves the slowest missing flag needs: the pieces move one at a time, but the
                  game lasts until the last flag, so a lagging piece costs more than its share */
    T_NB
} Term;

static const KitTerm TERMS[T_NB] = {
    [T_FLAGS] = {"goal flags", 150},
    [T_RACE] = {"race (moves to go)", -40},
    [T_MICE] = {"mice on the board", 20},
    [T_SLOWEST] = {"slowest flag (moves)", -40},
};
/* The tempo (20) is for the player who decides: the next move is his. */
static const KitEval EVAL = {TERMS, T_NB, 20};

static inline int absi(int x) { return x < 0 ? -x : x; }

/* Moves the piece of pl on `from` needs to reach the row `goal`, the rest of the board
 * standing still (breadth first): the elephant steps to squares without mice or the other
 * elephant; the monkey goes 1 or 2 squares, never over the enemy elephant nor next to it.
 * A piece walled in counts `cap`. Boards of up to 8 ranks fit 128 bits (16 a rank): the
 * search then moves whole sets of squares at once. */
typedef unsigned __int128 Bits;
#ifdef __wasm__
/* WebAssembly has no 128-bit integers: a shift by a count known only at run time would call a
 * library function; the two halves are shifted here instead (0 <= n < 128). */
static inline Bits bits_shl(Bits b, int n) {
    uint64_t lo = (uint64_t)b, hi = (uint64_t)(b >> 64);
    if (n >= 64) hi = lo << (n - 64), lo = 0;
    else if (n > 0) hi = hi << n | lo >> (64 - n), lo <<= n;
    return (Bits)hi << 64 | lo;
}
static inline Bits bits_shr(Bits b, int n) {
    uint64_t lo = (uint64_t)b, hi = (uint64_t)(b >> 64);
    if (n >= 64) lo = hi >> (n - 64), hi = 0;
    else if (n > 0) lo = lo >> n | hi << (64 - n), hi >>= n;
    return (Bits)hi << 64 | lo;
}
#else
static inline Bits bits_shl(Bits b, int n) { return b << n; }
static inline Bits bits_shr(Bits b, int n) { return b >> n; }
#endif
static inline Bits bit_of(int sq) { return bits_shl(1, sq); }
static inline Bits shifted(Bits b, int off) { return off > 0 ? bits_shl(b, off) : bits_shr(b, -off); }

static inline int steps_bits(const ZooPos *p, int pl, int kind, int from, int goal, int cap) {
    int e = p->st.esq[pl ^ 1];
    Bits row = bits_shl(1, p->st.w) - 1, on = 0;
    for (int r = 0; r < p->st.h; r++) on |= bits_shl(row, 16 * r);
    Bits goal_row = bits_shl(row, 16 * goal), eb = bit_of(e), land;
    if (kind == K_MONKEY) {
        Bits near = eb;
        for (int d = 0; d < 8; d++) near |= shifted(eb, ZOO_STEP[d]);
        land = on & ~near;
    } else {
        land = on & ~eb;
        for (int q = 0; q < 2; q++)
            for (int i = 0; i < 4; i++)
                if (p->st.mice[q][i] != ZOO_NO_SQ) land &= ~bit_of(p->st.mice[q][i]);
    }
    Bits seen = bit_of(from), front = seen;
    for (int depth = 1; depth < cap; depth++) {
        Bits next = 0;
        for (int d = 0; d < 8; d++) {
            Bits one = shifted(front, ZOO_STEP[d]) & on;
            next |= one;
            if (kind == K_MONKEY) next |= shifted(one & ~eb, ZOO_STEP[d]);
        }
        next &= land & ~seen;
        if (!next) break;
        if (next & goal_row) return depth;
        seen |= next, front = next;
    }
    return cap;
}

/* Squares visited by a search over the board (ZOO_SQ_NB bits), for boards of 9 ranks or more. */
typedef struct {
    uint64_t w[ZOO_SQ_NB / 64];
} SqSet;
static inline bool sq_in(const SqSet *s, int sq) { return s->w[sq >> 6] >> (sq & 63) & 1; }
static inline void sq_add(SqSet *s, int sq) { s->w[sq >> 6] |= 1ULL << (sq & 63); }

static inline int steps_to_row(const ZooPos *p, int pl, int kind, int from, int goal, int cap) {
    if (zoo_rank(from) == goal) return 0;
    if (p->st.h <= 8) return steps_bits(p, pl, kind, from, goal, cap);
    uint8_t queue[ZOO_SQ_NB];
    SqSet seen = {{0}};
    int head = 0, tail = 0, e = p->st.esq[pl ^ 1], level_end, depth = 0;
    queue[tail++] = (uint8_t)from;
    sq_add(&seen, from);
    while (head < tail && depth < cap - 1) {
        level_end = tail;
        depth++;
        while (head < level_end) {
            int sq = queue[head++];
            for (int d = 0; d < 8; d++) {
                int t = sq + ZOO_STEP[d];
                for (int k = 1; k <= (kind == K_MONKEY ? 2 : 1); k++, t += ZOO_STEP[d]) {
                    if (!zoo_on(p, t)) break;
                    bool ok = kind == K_MONKEY ? zoo_dist(t, e) >= 2 : elephant_may_enter(p->cell[t], pl);
                    if (ok && !sq_in(&seen, t)) {
                        if (zoo_rank(t) == goal) return depth;
                        sq_add(&seen, t);
                        queue[tail++] = (uint8_t)t;
                    }
                    if (t == e) break; /* a monkey never jumps over the enemy elephant */
                }
            }
        }
    }
    return cap;
}

/* The search made once per kind of piece: the kind's tests leave its inner loops. */
static int elephant_steps(const ZooPos *p, int pl, int from, int goal, int cap) {
    return steps_to_row(p, pl, K_ELEPHANT, from, goal, cap);
}
static int monkey_steps(const ZooPos *p, int pl, int from, int goal, int cap) {
    return steps_to_row(p, pl, K_MONKEY, from, goal, cap);
}

/* Moves each missing flag of pl still needs, each piece as if the others stood still: the
 * elephant and the monkey by the search above, the best mouse by its ranks (a pooled mouse
 * is dropped first). Long game: to the far row and back home unless Royal. */
int zoo_race_piece(const ZooPos *p, int pl, int kind) {
    const ZooState *s = &p->st;
    if (s->goals >> (3 * pl + kind) & 1) return ZOO_RACE_DONE;
    int far = far_rank(p, pl), h = s->h, cap = 2 * h;
    int sq = kind == K_ELEPHANT ? s->esq[pl] : s->msq[pl];
    bool royal = kind == K_ELEPHANT ? royal_e(p, pl) : royal_m(p, pl);
    int back = kind == K_MONKEY ? (h - 1 + 1) / 2 : h - 1;
    int (*steps)(const ZooPos *, int, int, int, int) = kind == K_MONKEY ? monkey_steps : elephant_steps;
    if (!s->longgame) return steps(p, pl, sq, far, cap);
    if (royal) return steps(p, pl, sq, home_rank(p, pl), cap);
    return steps(p, pl, sq, far, cap) + back;
}

int zoo_race_mice(const ZooPos *p, int pl) {
    const ZooState *s = &p->st;
    if (s->goals >> (3 * pl) & 4) return ZOO_RACE_DONE;
    int far = far_rank(p, pl), home = home_rank(p, pl), h = s->h;
    int best = pool_of(p, pl) ? (s->longgame ? 2 * (h - 1) + 1 : h) : 1000;
    for (int i = 0; i < 4; i++) {
        int sq = s->mice[pl][i];
        if (sq == ZOO_NO_SQ) continue;
        int r = zoo_rank(sq), m;
        if (!s->longgame) m = absi(far - r);
        else if (p->cell[sq] & C_T(pl)) m = absi(home - r);
        else m = absi(far - r) + h - 1;
        if (m < best) best = m;
    }
    return best;
}

void zoo_race(const ZooPos *p, int pl, int t[3]) {
    t[K_ELEPHANT] = zoo_race_piece(p, pl, K_ELEPHANT);
    t[K_MONKEY] = zoo_race_piece(p, pl, K_MONKEY);
    t[K_MOUSE] = zoo_race_mice(p, pl);
}

/* The race's total and, in *slowest, its largest count (0 when no flag is missing). */
static int race(const ZooPos *p, int pl, int *slowest) {
    int t[3], total = 0;
    zoo_race(p, pl, t);
    for (int k = 0; k < 3; k++)
        if (t[k] != ZOO_RACE_DONE) {
            total += t[k];
            if (t[k] > *slowest) *slowest = t[k];
        }
    return total;
}

static void features(const ZooPos *p, int pl, int f[T_NB]) {
    int g = p->st.goals >> (3 * pl) & 7;
    f[T_FLAGS] = (g & 1) + (g >> 1 & 1) + (g >> 2 & 1);
    f[T_SLOWEST] = 0;
    f[T_RACE] = race(p, pl, &f[T_SLOWEST]);
    f[T_MICE] = p->st.nmice[pl];
}

Score zoo_evaluate(const GamePos *gp) {
    const ZooPos *p = (const ZooPos *)gp;
    int me = p->st.side, f[2][T_NB];
    features(p, me, f[0]);
    features(p, me ^ 1, f[1]);
    return (Score)kit_eval(&EVAL, f[0], f[1]);
}

void zoo_eval_trace(const GamePos *gp, char *out, size_t size) {
    const ZooPos *p = (const ZooPos *)gp;
    int me = p->st.side, f[2][T_NB];
    features(p, 0, f[0]);
    features(p, 1, f[1]);
    kit_eval_trace(&EVAL, f[me], f[me ^ 1], me, NULL, out, size, 0);
}
