/* mad_movegen.c — M.A.D.'s moves (hot): listing them stack by stack, counting them with
 * bitboards, the k-th without listing, legality of any 32-bit value, and the goal-row
 * threats the search asks about (a win on the spot, the opponent's threat). */
#include "mad.h"

/* What every generator needs of the position, for the player to move. fit[k]: squares
 * that take k more of the mover's checkers by a simple move (anything but a friendly
 * stack higher than 4 - k). */
typedef struct {
    Bb own, enemy, empty;
    Bb fit[MAD_MAX_HEIGHT + 1];
} Sets;

static inline void sets_of(const MadPos *p, Sets *s) {
    int me = p->stm;
    s->own = p->atl[me][0];
    s->enemy = p->atl[me ^ 1][0];
    s->empty = ~(s->own | s->enemy);
    s->fit[0] = ~0ULL;
    for (int k = 1; k <= MAD_MAX_HEIGHT; k++) s->fit[k] = ~p->atl[me][MAD_MAX_HEIGHT - k];
}

/* The moves of the stack on sq (n checkers), in the one order of gen_moves(GEN_ALL):
 * simple moves by destination square, then by count; then lunges by direction, then by
 * length. kind picks all, combat only (noisy) or no combat (quiet). */
static inline int stack_moves(const MadPos *p, const Sets *s, int sq, Move *list, GenKind kind) {
    int n = p->h[sq], c = 0;
    Bb dst = b8_king[sq] & s->fit[1];
    if (kind == GEN_NOISY) dst &= s->enemy;
    else if (kind == GEN_QUIET) dst &= ~s->enemy;
    while (dst) {
        int to = b8_pop_lsb(&dst);
        Bb b = b8_bit(to);
        bool combat = (s->enemy & b) != 0;
        int cap = s->own & b ? MAD_MAX_HEIGHT - p->h[to] : MAD_MAX_HEIGHT;
        if (cap > n) cap = n;
        for (int k = 1; k <= cap; k++) list[c++] = mv_make(sq, to, k, false, combat);
    }
    if (n < 3) return c;
    for (int d = 0; d < DIR_NB; d++) {
        int edge = b8_edge[sq][d];
        if (edge < 2) continue;
        int t1 = b8_step(sq, d, 1);
        if (!(s->empty & b8_bit(t1))) continue;
        for (int len = 2; len < n && len <= edge; len++) {
            int t = b8_step(sq, d, len);
            Bb b = b8_bit(t);
            if (!(s->own & b)) {
                bool combat = (s->enemy & b) != 0;
                if (kind == GEN_ALL || (kind == GEN_NOISY) == combat) list[c++] = mv_make(sq, t, len, true, combat);
            }
            if (!(s->empty & b)) break; /* blocks a longer lunge */
        }
    }
    return c;
}

/* How many moves the stack on sq has: k checkers may go wherever k fit, and lunges. */
static inline int stack_count(const MadPos *p, const Sets *s, int sq) {
    int n = p->h[sq], c = 0;
    Bb around = b8_king[sq];
    for (int k = 1; k <= n; k++) c += b8_popcount(around & s->fit[k]);
    if (n < 3) return c;
    for (int d = 0; d < DIR_NB; d++) {
        int edge = b8_edge[sq][d];
        if (edge < 2 || !(s->empty & b8_bit(b8_step(sq, d, 1)))) continue;
        for (int len = 2; len < n && len <= edge; len++) {
            Bb b = b8_bit(b8_step(sq, d, len));
            c += !(s->own & b);
            if (!(s->empty & b)) break;
        }
    }
    return c;
}

int MAD_HOT(mad_gen)(const GamePos *gp, Move *list, GenKind kind) {
    const MadPos *p = (const MadPos *)gp;
    if (mad_status(p) != OUTCOME_ONGOING) return 0;
    Sets s;
    sets_of(p, &s);
    int n = 0;
    for (Bb b = s.own; b;) n += stack_moves(p, &s, b8_pop_lsb(&b), list + n, kind);
    return n;
}

/* All stacks at once, one direction at a time: k checkers of the stacks at least k high
 * go to the squares where k fit; lunges of 2 from stacks of 3 or 4, of 3 from stacks of 4. */
uint64_t MAD_HOT(mad_count)(const GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    if (mad_status(p) != OUTCOME_ONGOING) return 0;
    Sets s;
    sets_of(p, &s);
    const Bb *atl = p->atl[p->stm];
    Bb not_own = ~s.own;
    uint64_t c = 0;
#define MAD_COUNT_DIR(d)                                                                   \
    do {                                                                                   \
        c += (uint64_t)b8_popcount(b8_shift(atl[0], d) & s.fit[1]);                        \
        c += (uint64_t)b8_popcount(b8_shift(atl[1], d) & s.fit[2]);                        \
        c += (uint64_t)b8_popcount(b8_shift(atl[2], d) & s.fit[3]);                        \
        c += (uint64_t)b8_popcount(b8_shift(atl[3], d) & s.fit[4]);                        \
        Bb one = b8_shift(atl[2], d) & s.empty;                                            \
        c += (uint64_t)b8_popcount(b8_shift(one, d) & not_own);                            \
        Bb two = b8_shift(b8_shift(atl[3], d) & s.empty, d) & s.empty;                     \
        c += (uint64_t)b8_popcount(b8_shift(two, d) & not_own);                            \
    } while (0)
    MAD_COUNT_DIR(DIR_N);
    MAD_COUNT_DIR(DIR_NE);
    MAD_COUNT_DIR(DIR_E);
    MAD_COUNT_DIR(DIR_SE);
    MAD_COUNT_DIR(DIR_S);
    MAD_COUNT_DIR(DIR_SW);
    MAD_COUNT_DIR(DIR_W);
    MAD_COUNT_DIR(DIR_NW);
#undef MAD_COUNT_DIR
    return c;
}

Move MAD_HOT(mad_nth)(const GamePos *gp, uint64_t k) {
    const MadPos *p = (const MadPos *)gp;
    if (mad_status(p) != OUTCOME_ONGOING) return MOVE_NONE;
    Sets s;
    sets_of(p, &s);
    for (Bb b = s.own; b;) {
        int sq = b8_pop_lsb(&b);
        uint64_t c = (uint64_t)stack_count(p, &s, sq);
        if (k < c) {
            Move list[64];
            stack_moves(p, &s, sq, list, GEN_ALL);
            return list[k];
        }
        k -= c;
    }
    return MOVE_NONE;
}

bool MAD_HOT(mad_is_legal)(const GamePos *gp, Move m) {
    const MadPos *p = (const MadPos *)gp;
    if (m & ~(Move)MV_ALL_BITS) return false;
    int from = mv_from(m), to = mv_to(m), k = mv_count(m), me = p->stm;
    int n = p->h[from];
    if (!n || mad_owner(p, from) != me || k < 1) return false;
    if (mad_status(p) != OUTCOME_ONGOING) return false;
    Bb own = p->atl[me][0], enemy = p->atl[me ^ 1][0], dst = b8_bit(to);
    if (mv_combat(m) != ((enemy & dst) != 0)) return false;
    if (!mv_lunge(m)) {
        if (!(b8_king[from] & dst) || k > n) return false;
        return !(own & dst) || p->h[to] + k <= MAD_MAX_HEIGHT;
    }
    int d = mad_dir[from][to];
    if (d == DIR_NB || k >= n || own & dst) return false;
    int df = b8_file(to) - b8_file(from), dr = b8_rank(to) - b8_rank(from);
    if (df < 0) df = -df;
    if (dr < 0) dr = -dr;
    if (k != (df > dr ? df : dr)) return false;
    for (int i = 1; i < k; i++)
        if (mad_occ(p) & b8_bit(b8_step(from, d, i))) return false;
    return true;
}

/* A move of player pl that ends on pl's goal row with some of its checkers alive (a win
 * on the spot, rule 1), or MOVE_NONE: a whole stack stepping onto an empty goal square or
 * onto a smaller enemy stack there, or a lunge whose last square is an empty goal square.
 * pl need not be the player to move (the opponent's threats for in_check). */
static Move goal_move(const MadPos *p, int pl) {
    Bb own = p->atl[pl][0], enemy = p->atl[pl ^ 1][0], empty = ~(own | enemy), goal = mad_goal(pl);
    /* the rows one, two and three steps before the goal */
    Bb r1 = pl == PLAYER_1 ? b8_rank_bb(6) : b8_rank_bb(1);
    Bb r2 = pl == PLAYER_1 ? b8_rank_bb(5) : b8_rank_bb(2);
    Bb r3 = pl == PLAYER_1 ? b8_rank_bb(4) : b8_rank_bb(3);
    for (Bb b = own & r1; b;) {
        int sq = b8_pop_lsb(&b), n = p->h[sq];
        for (Bb t = b8_king[sq] & goal & ~own; t;) {
            int to = b8_pop_lsb(&t);
            if (!p->h[to]) return mv_make(sq, to, n, false, false);
            if (p->h[to] < n) return mv_make(sq, to, n, false, true);
        }
    }
    static const int FWD[2][3] = {{DIR_N, DIR_NE, DIR_NW}, {DIR_S, DIR_SE, DIR_SW}};
    Bb two = p->atl[pl][2] & r2, three = p->atl[pl][3] & r3;
    if (!(two | three)) return MOVE_NONE;
    for (int i = 0; i < 3; i++) {
        int d = FWD[pl][i];
        Bb hit2 = b8_shift(b8_shift(two, d) & empty, d) & empty;
        Bb hit3 = b8_shift(b8_shift(b8_shift(three, d) & empty, d) & empty, d) & empty;
        int back = b8_dir_opposite(d);
        if (hit2) {
            int to = b8_lsb(hit2);
            return mv_make(b8_step(to, back, 2), to, 2, true, false);
        }
        if (hit3) {
            int to = b8_lsb(hit3);
            return mv_make(b8_step(to, back, 3), to, 3, true, false);
        }
    }
    return MOVE_NONE;
}

Move MAD_HOT(mad_winning_move)(const GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    if (mad_status(p) != OUTCOME_ONGOING) return MOVE_NONE;
    return goal_move(p, p->stm);
}

bool MAD_HOT(mad_in_check)(const GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    return mad_status(p) == OUTCOME_ONGOING && goal_move(p, p->stm ^ 1) != MOVE_NONE;
}
