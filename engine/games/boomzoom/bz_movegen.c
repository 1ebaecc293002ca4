/* bz_movegen.c — Boom & Zoom's move generation, set-wise over bitboards: listing, bulk
 * counting, the k-th move (random playouts), the legality test and the win-in-one hints. */
#include "../common/line8.h"
#include "bz.h"

/* What a player's towers reach, by direction and distance: t[d][k] holds the squares k + 1
 * steps away in direction d (each reached from exactly one tower, the square minus
 * (k + 1) steps) that the wanted moves end on; off holds the towers that bear off.
 * Every target is a distinct move, so the moves number the bits of all these sets. */
typedef struct {
    Bb t[DIR_NB][BZ_MAX_HEIGHT];
    Bb off;
} Targets;

/* All targets of the moves kind asks for; none once the game is over. */
static inline void targets(const BZPos *p, Targets *t, GenKind kind) {
    int c = p->stm;
    Bb own = p->occ[c], enemy = p->occ[c ^ 1], empty = ~(own | enemy);
    if (bz_over(p)) own = 0; /* nothing moves once the game is over */
    Bb dest = own ? (kind != GEN_NOISY ? empty : 0) | (kind != GEN_QUIET ? enemy : 0) : 0;
#define BZ_TARGETS(d) (bz_reach(p, c, d, empty, t->t[d]), t->t[d][0] &= dest, t->t[d][1] &= dest, t->t[d][2] &= dest);
    BZ_EACH_DIR(BZ_TARGETS)
#undef BZ_TARGETS
    t->off = kind != GEN_QUIET && own ? bz_bear_offs(p, c, empty) : 0; /* bear-offs are noisy (bz_noisy) */
}

/* The order of every listing (and of bz_nth): bear-offs by square, then by direction and
 * distance, each set by square. */
int KIT_HOT(bz_gen)(const GamePos *gp, Move *list, GenKind kind) {
    const BZPos *p = (const BZPos *)gp;
    Targets t;
    targets(p, &t, kind);
    Bb enemy = p->occ[p->stm ^ 1];
    int n = 0;
    for (Bb b = t.off; b; b &= b - 1) list[n++] = mv_make(bb_lsb(b), 0, MF_OFF);
    for (int d = 0; d < DIR_NB; d++)
        for (int k = 0; k < BZ_MAX_HEIGHT; k++) {
            int back = (k + 1) * bz_delta(d);
            for (Bb b = t.t[d][k]; b; b &= b - 1) {
                int to = bb_lsb(b);
                list[n++] = mv_make(to - back, to, (enemy >> to & 1) * MF_BOOM);
            }
        }
    return n;
}

uint64_t KIT_HOT(bz_count)(const GamePos *gp) {
    const BZPos *p = (const BZPos *)gp;
    Targets t;
    targets(p, &t, GEN_ALL);
    int n = bb_popcount(t.off);
    for (int d = 0; d < DIR_NB; d++)
        n += bb_popcount(t.t[d][0]) + bb_popcount(t.t[d][1]) + bb_popcount(t.t[d][2]);
    return (uint64_t)n;
}

/* The bit of rank k (from 0) of b, which has more than k bits. */
static inline int nth_bit(Bb b, int k) {
    while (k--) b &= b - 1;
    return bb_lsb(b);
}

Move KIT_HOT(bz_nth)(const GamePos *gp, uint64_t k) {
    const BZPos *p = (const BZPos *)gp;
    Targets t;
    targets(p, &t, GEN_ALL);
    uint64_t n = (uint64_t)bb_popcount(t.off);
    if (k < n) return mv_make(nth_bit(t.off, (int)k), 0, MF_OFF);
    k -= n;
    for (int d = 0; d < DIR_NB; d++)
        for (int j = 0; j < BZ_MAX_HEIGHT; j++) {
            n = (uint64_t)bb_popcount(t.t[d][j]);
            if (k < n) {
                int to = nth_bit(t.t[d][j], (int)k);
                return mv_make(to - (j + 1) * bz_delta(d), to, (p->occ[p->stm ^ 1] >> to & 1) * MF_BOOM);
            }
            k -= n;
        }
    return MOVE_NONE;
}

bool KIT_HOT(bz_is_legal)(const GamePos *gp, Move m) {
    const BZPos *p = (const BZPos *)gp;
    if (m == MOVE_NONE || (m & ~(Move)MF_ALL) || bz_over(p)) return false;
    int c = p->stm, from = mv_from(m), to = mv_to(m);
    Bb own = p->occ[c], enemy = p->occ[c ^ 1];
    if (!(own >> from & 1)) return false;
    if (m & MF_OFF) return !(m & MF_BOOM) && to == 0 && (bz_bear_offs(p, c, ~(own | enemy)) >> from & 1);
    int d = b8_dir_to[from][to];
    if (d < 0 || b8_distance(from, to) > p->height[from] || (b8_between[from][to] & (own | enemy))) return false;
    return (m & MF_BOOM) ? (enemy >> to & 1) != 0 : !((own | enemy) >> to & 1);
}

/* ---- win in one (search hints) ---- */

/* A move of player c (as if c were to move, its no-progress counter at np) that ends the
 * game at once with c ahead by checkers off, or MOVE_NONE: booming the enemy's last
 * tower of height 1, bearing off c's own last tower, or a zoom that reaches the
 * no-progress limit. */
static Move win_for(const BZPos *p, int c, int np) {
    int e = c ^ 1;
    Bb own = p->occ[c], enemy = p->occ[e], occ = own | enemy;
    if (!own || !enemy) return MOVE_NONE;
    int mine = p->off[c], theirs = p->off[e];
    if (mine > theirs && !(enemy & (enemy - 1)) && !(enemy & p->tall2)) {
        int t = bb_lsb(enemy);
        for (int d = 0; d < DIR_NB; d++) {
            int s = b8_first(t, d, occ);
            if (s >= 0 && (own >> s & 1) && p->height[s] >= b8_distance(s, t)) return mv_make(s, t, MF_BOOM);
        }
    }
    if (!(own & (own - 1))) {
        int s = bb_lsb(own);
        if (mine + p->height[s] > theirs && (bz_bear_offs(p, c, ~occ) & own)) return mv_make(s, 0, MF_OFF);
    }
    if (p->limit > 0 && np + 1 >= p->limit && mine > theirs) {
        /* Any zoom ends the game: the first empty neighbour of any tower. */
        for (Bb b = own; b; b &= b - 1) {
            int s = bb_lsb(b);
            Bb free = b8_king[s] & ~occ;
            if (free) return mv_make(s, bb_lsb(free), 0);
        }
    }
    return MOVE_NONE;
}

Move KIT_HOT(bz_winning_move)(const GamePos *gp) {
    const BZPos *p = (const BZPos *)gp;
    return bz_over(p) ? MOVE_NONE : win_for(p, p->stm, p->noprogress);
}

/* The entries of the table this build sets (see common/hot.h). */
const GameOps KIT_HOT(bz_hot) = {
    KIT_HOT_ENTRIES(bz),
    .winning_move = KIT_HOT(bz_winning_move), .make_delta = KIT_HOT(bz_make_delta),
};
