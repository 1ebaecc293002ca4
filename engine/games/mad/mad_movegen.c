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

/* The moves come in groups, each one bitboard of destinations for all stacks at once:
 * simple moves of k = 1..4 checkers (the stacks at least k high, stepping in direction d
 * onto squares where k fit), then lunges of 2 (stacks of 3 or more, the first square
 * empty) and of 3 (stacks of 4, two empty squares), each in the eight directions. One
 * move is one destination bit of one group: listing, counting and the k-th move walk the
 * same groups in the same order (k, then direction, then destination square). */
#define MAD_DIRS(X) X(DIR_N, 8) X(DIR_NE, 9) X(DIR_E, 1) X(DIR_SE, -7) X(DIR_S, -8) X(DIR_SW, -9) X(DIR_W, -1) X(DIR_NW, 7)

static inline Bb lunge2(Bb base, int d, Bb empty, Bb dst) { return b8_shift(b8_shift(base, d) & empty, d) & dst; }
static inline Bb lunge3(Bb base, int d, Bb empty, Bb dst) {
    return b8_shift(b8_shift(b8_shift(base, d) & empty, d) & empty, d) & dst;
}

/* Appends the moves of one group: destination bits t, each from delta squares back. */
static inline int emit(Move *list, int c, Bb t, int delta, Move bits, Bb enemy) {
    while (t) {
        int to = bb_pop_lsb(&t);
        list[c++] = bits | (Move)(to - delta) | (Move)to << 6 | (Move)(enemy >> to & 1) << 16;
    }
    return c;
}

static inline int lunges(Move *list, int c, const Bb *atl, const Sets *s, Bb want) {
    Bb dst = ~s->own & want;
    if (atl[2]) {
#define MAD_LUNGE2(d, delta) c = emit(list, c, lunge2(atl[2], d, s->empty, dst), 2 * (delta), 2u << 12 | MV_LUNGE, s->enemy);
        MAD_DIRS(MAD_LUNGE2)
#undef MAD_LUNGE2
    }
    if (atl[3]) {
#define MAD_LUNGE3(d, delta) c = emit(list, c, lunge3(atl[3], d, s->empty, dst), 3 * (delta), 3u << 12 | MV_LUNGE, s->enemy);
        MAD_DIRS(MAD_LUNGE3)
#undef MAD_LUNGE3
    }
    return c;
}

int KIT_HOT(mad_gen)(const GamePos *gp, Move *list, GenKind kind) {
    const MadPos *p = (const MadPos *)gp;
    if (mad_status(p) != OUTCOME_ONGOING) return 0;
    Sets s;
    sets_of(p, &s);
    const Bb *atl = p->atl[p->stm];
    Bb loud = mad_loud(p), want = kind == GEN_ALL ? ~0ULL : kind == GEN_NOISY ? loud : ~loud;
    int c = 0;
    for (int k = 1; k <= MAD_MAX_HEIGHT && atl[k - 1]; k++) {
        Bb from = atl[k - 1], dst = s.fit[k] & want;
        Move bits = (Move)k << 12;
#define MAD_SIMPLE(d, delta) c = emit(list, c, b8_shift(from, d) & dst, delta, bits, s.enemy);
        MAD_DIRS(MAD_SIMPLE)
#undef MAD_SIMPLE
    }
    c = lunges(list, c, atl, &s, want);
    return c;
}

uint64_t KIT_HOT(mad_count)(const GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    if (mad_status(p) != OUTCOME_ONGOING) return 0;
    Sets s;
    sets_of(p, &s);
    const Bb *atl = p->atl[p->stm];
    Bb not_own = ~s.own;
    uint64_t c = 0;
#define MAD_COUNT(d, delta)                                                                \
    c += (uint64_t)(bb_popcount(b8_shift(atl[0], d) & s.fit[1]) + bb_popcount(b8_shift(atl[1], d) & s.fit[2]) + \
                    bb_popcount(b8_shift(atl[2], d) & s.fit[3]) + bb_popcount(b8_shift(atl[3], d) & s.fit[4]) + \
                    bb_popcount(lunge2(atl[2], d, s.empty, not_own)) +                    \
                    bb_popcount(lunge3(atl[3], d, s.empty, not_own)));
    MAD_DIRS(MAD_COUNT)
#undef MAD_COUNT
    return c;
}

/* The k-th destination bit of t (k < bb_popcount(t)). */
static inline int nth_bit(Bb t, uint64_t k) {
    while (k--) t &= t - 1;
    return bb_lsb(t);
}

Move KIT_HOT(mad_nth)(const GamePos *gp, uint64_t k) {
    const MadPos *p = (const MadPos *)gp;
    if (mad_status(p) != OUTCOME_ONGOING) return MOVE_NONE;
    Sets s;
    sets_of(p, &s);
    const Bb *atl = p->atl[p->stm];
    Bb not_own = ~s.own;
#define MAD_PICK(group, delta, bits)                                                       \
    do {                                                                                   \
        Bb t_ = (group);                                                                   \
        uint64_t n_ = (uint64_t)bb_popcount(t_);                                           \
        if (k < n_) {                                                                      \
            int to_ = nth_bit(t_, k);                                                      \
            return (bits) | (Move)(to_ - (delta)) | (Move)to_ << 6 | (Move)(s.enemy >> to_ & 1) << 16; \
        }                                                                                  \
        k -= n_;                                                                           \
    } while (0);
    for (int j = 1; j <= MAD_MAX_HEIGHT; j++) {
#define MAD_NTH_SIMPLE(d, delta) MAD_PICK(b8_shift(atl[j - 1], d) & s.fit[j], delta, (Move)j << 12)
        MAD_DIRS(MAD_NTH_SIMPLE)
#undef MAD_NTH_SIMPLE
    }
#define MAD_NTH_LUNGE2(d, delta) MAD_PICK(lunge2(atl[2], d, s.empty, not_own), 2 * (delta), 2u << 12 | MV_LUNGE)
    MAD_DIRS(MAD_NTH_LUNGE2)
#undef MAD_NTH_LUNGE2
#define MAD_NTH_LUNGE3(d, delta) MAD_PICK(lunge3(atl[3], d, s.empty, not_own), 3 * (delta), 3u << 12 | MV_LUNGE)
    MAD_DIRS(MAD_NTH_LUNGE3)
#undef MAD_NTH_LUNGE3
#undef MAD_PICK
    return MOVE_NONE;
}

bool KIT_HOT(mad_is_legal)(const GamePos *gp, Move m) {
    const MadPos *p = (const MadPos *)gp;
    if (m & ~(Move)MV_ALL_BITS) return false;
    int from = mv_from(m), to = mv_to(m), k = mv_count(m), me = p->stm;
    int n = p->h[from];
    if (!n || mad_owner(p, from) != me || k < 1) return false;
    if (mad_status(p) != OUTCOME_ONGOING) return false;
    Bb own = p->atl[me][0], enemy = p->atl[me ^ 1][0], dst = bb_bit(to);
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
        if (mad_occ(p) & bb_bit(b8_step(from, d, i))) return false;
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
        int sq = bb_pop_lsb(&b), n = p->h[sq];
        for (Bb t = b8_king[sq] & goal & ~own; t;) {
            int to = bb_pop_lsb(&t);
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
            int to = bb_lsb(hit2);
            return mv_make(b8_step(to, back, 2), to, 2, true, false);
        }
        if (hit3) {
            int to = bb_lsb(hit3);
            return mv_make(b8_step(to, back, 3), to, 3, true, false);
        }
    }
    return MOVE_NONE;
}

Move KIT_HOT(mad_winning_move)(const GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    if (mad_status(p) != OUTCOME_ONGOING) return MOVE_NONE;
    return goal_move(p, p->stm);
}

bool KIT_HOT(mad_in_check)(const GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    return mad_status(p) == OUTCOME_ONGOING && goal_move(p, p->stm ^ 1) != MOVE_NONE;
}

/* The entries of the table this build sets (see common/hot.h). */
const GameOps KIT_HOT(mad_hot) = {
    KIT_HOT_ENTRIES(mad),
    .in_check = KIT_HOT(mad_in_check), .winning_move = KIT_HOT(mad_winning_move),
    .make_delta = KIT_HOT(mad_make_delta),
};
