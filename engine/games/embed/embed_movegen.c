/* embed_movegen.c — Embed's moves: listing, bulk counting, the k-th move, the legality
 * test, and the moves that win at once (hot: see KIT_HOT in common/hot.h). */
#include "embed.h"

/* Moves are listed drone moves first, direction by direction (the squares reached in
 * increasing order), then the boss's: em_nth and em_gen(GEN_ALL) share this order. */

/* The drones' destinations in direction dir: empty squares and enemy drones. */
static inline Bb drone_targets(const EmPos *p, Bb empty, int dir) {
    return em_fill(p->drones[p->stm], empty, dir) & (empty | p->drones[p->stm ^ 1]);
}

/* The drone move to `to` in direction dir: its drone is the first piece behind `to`. */
static inline Move drone_move(const EmPos *p, Bb occ, int dir, int to) {
    int from = b8_first(to, b8_dir_opposite(dir), occ);
    return em_move(from, to, (Move)(p->drones[p->stm ^ 1] >> to & 1) * EM_MF_CAPTURE);
}

int KIT_HOT(em_gen)(const GamePos *gp, Move *list, GenKind kind) {
    const EmPos *p = (const EmPos *)gp;
    if (em_over(p)) return 0;
    int me = p->stm, n = 0;
    Bb occ = em_occ(p), empty = ~occ, enemy = p->drones[me ^ 1];
    Bb want = kind == GEN_ALL ? empty | enemy : kind == GEN_NOISY ? enemy : empty;
    for (int d = 0; d < DIR_NB; d++)
        for (Bb t = em_fill(p->drones[me], empty, d) & want; t; t &= t - 1)
            list[n++] = drone_move(p, occ, d, bb_lsb(t));
    if (kind != GEN_NOISY) {
        int b = p->boss[me];
        for (Bb t = em_attacks(b, occ) & empty; t; t &= t - 1) list[n++] = em_move(b, bb_lsb(t), EM_MF_BOSS);
    }
    return n;
}

uint64_t KIT_HOT(em_count)(const GamePos *gp) {
    const EmPos *p = (const EmPos *)gp;
    if (em_over(p)) return 0;
    Bb occ = em_occ(p), empty = ~occ;
    int n = bb_popcount(em_attacks(p->boss[p->stm], occ) & empty);
    for (int d = 0; d < DIR_NB; d++) n += bb_popcount(drone_targets(p, empty, d));
    return (uint64_t)n;
}

/* The square of the k-th (from 0) set bit of x, which has more than k. */
static inline int nth_bit(Bb x, uint64_t k) {
    for (; k; k--) x &= x - 1;
    return bb_lsb(x);
}

Move KIT_HOT(em_nth)(const GamePos *gp, uint64_t k) {
    const EmPos *p = (const EmPos *)gp;
    if (em_over(p)) return MOVE_NONE;
    Bb occ = em_occ(p), empty = ~occ;
    for (int d = 0; d < DIR_NB; d++) {
        Bb t = drone_targets(p, empty, d);
        uint64_t n = (uint64_t)bb_popcount(t);
        if (k < n) return drone_move(p, occ, d, nth_bit(t, k));
        k -= n;
    }
    int b = p->boss[p->stm];
    Bb t = em_attacks(b, occ) & empty;
    return k < (uint64_t)bb_popcount(t) ? em_move(b, nth_bit(t, k), EM_MF_BOSS) : MOVE_NONE;
}

bool KIT_HOT(em_is_legal)(const GamePos *gp, Move m) {
    const EmPos *p = (const EmPos *)gp;
    if (m & ~(Move)EM_MOVE_BITS) return false;
    int me = p->stm, from = em_from(m), to = em_to(m);
    Bb occ = em_occ(p), dest = bb_bit(to);
    Move flags;
    if (from == p->boss[me]) flags = EM_MF_BOSS;
    else if (p->drones[me] >> from & 1) flags = (p->drones[me ^ 1] & dest) ? EM_MF_CAPTURE : 0;
    else return false;
    /* An occupied destination is only an enemy drone for a drone (the capture). */
    if ((occ & dest) && !(flags & EM_MF_CAPTURE)) return false;
    if (m != em_move(from, to, flags) || !(em_attacks(from, occ) & dest)) return false;
    return !em_over(p);
}

/* The move of side's piece on from (a drone or the boss) to `to`. */
static inline Move move_of(const EmPos *p, int side, int from, int to) {
    return em_move(from, to,
                   from == p->boss[side] ? EM_MF_BOSS : (Move)(p->drones[side ^ 1] >> to & 1) * EM_MF_CAPTURE);
}

/* A move of side that wins on the spot: its boss onto its goal row (rule 1), or the last
 * square around the enemy boss filled by a piece that was not already around it (rule 3:
 * a neighbour that moved would leave its own square empty). */
Move KIT_HOT(em_win_of)(const EmPos *p, int side) {
    Bb occ = em_occ(p), empty = ~occ;
    int b = p->boss[side];
    Bb run = em_attacks(b, occ) & empty & em_goal_row(side);
    if (run) return em_move(b, bb_lsb(run), EM_MF_BOSS);
    Bb ring = b8_king[p->boss[side ^ 1]], missing = ring & ~em_pieces(p, side);
    if (!missing || (missing & (missing - 1))) return MOVE_NONE;
    int t = bb_lsb(missing);
    /* An empty square takes any piece; an enemy drone only a drone (a capture). */
    Bb movers = (empty & missing ? em_pieces(p, side) : p->drones[side]) & ~ring;
    Bb from = em_attacks(t, occ) & movers;
    return from ? move_of(p, side, bb_lsb(from), t) : MOVE_NONE;
}

Move KIT_HOT(em_winning_move)(const GamePos *gp) {
    const EmPos *p = (const EmPos *)gp;
    return em_over(p) ? MOVE_NONE : KIT_HOT(em_win_of)(p, p->stm);
}

/* Whether the opponent would win at once if the player to move could pass. */
bool KIT_HOT(em_in_check)(const GamePos *gp) {
    const EmPos *p = (const EmPos *)gp;
    return KIT_HOT(em_win_of)(p, p->stm ^ 1) != MOVE_NONE;
}

/* The entries of the table this build sets (see common/hot.h). */
const GameOps KIT_HOT(em_hot) = {
    KIT_HOT_ENTRIES(em),
    .in_check = KIT_HOT(em_in_check), .winning_move = KIT_HOT(em_winning_move),
    .features = KIT_HOT(em_features), .features_both = KIT_HOT(em_features_both),
    .make_delta = KIT_HOT(em_make_delta), .features_dynamic = KIT_HOT(em_features_dynamic),
};
