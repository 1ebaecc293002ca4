/* mq_movegen.c — Monkey Queen's move generation from line-occupancy words: listing, bulk
 * counting, the k-th move (random playouts) and the legality test (hot: see KIT_HOT in common/hot.h). */
#include "mq.h"

/* Projection offsets of (square - enemy queen) on each line direction, biased by 22,
 * so that mq_closer[t][dot[t]][pos] is the set of strictly closer squares. */
static inline void closer_dots(int sq, int eq, int dot[LT_NB]) {
    int dx = mq_file(sq) - mq_file(eq), dy = mq_rank(sq) - mq_rank(eq);
    dot[LT_RANK] = dx + 22;
    dot[LT_FILE] = dy + 22;
    dot[LT_DIAG] = dx + dy + 22;
    dot[LT_ANTI] = dx - dy + 22;
}

/* The moves of a slider at pos on line l as a 16-bit lane: the enemy stacks in reach
 * (lane e of the line word) where caps allows, and the empty squares in reach where
 * quiet_ok does. */
static inline uint64_t line_moves(const MQPos *p, int l, int pos, int e, unsigned caps, unsigned quiet_ok) {
    uint64_t w = p->line[l];
    return mq_reach_w(pos, w) & (((unsigned)(w >> (16 * e)) & caps) | (~(unsigned)(w >> 32) & quiet_ok));
}

/* A stack's moves as one word with a 16-bit lane per line type (rank, file, diagonal,
 * anti-diagonal; bit i of a lane is position i on the stack's line of that type); the
 * square of bit b is mq_word_sq[sq][b]. caps (0 or 0xFFFF) says whether captures count,
 * the ok_* masks which empty squares of each line the stack may go to. Captures and
 * quiet moves are disjoint, so the stack has bb_popcount(word) moves. */
static inline uint64_t stack_moves(const MQPos *p, int sq, int e, unsigned caps, unsigned ok_rank,
                                   unsigned ok_file, unsigned ok_diag, unsigned ok_anti) {
    int f = mq_file(sq), r = mq_rank(sq);
    return line_moves(p, mq_line_of(LT_RANK, f, r), mq_pos_on(LT_RANK, f, r), e, caps, ok_rank) |
           line_moves(p, mq_line_of(LT_FILE, f, r), mq_pos_on(LT_FILE, f, r), e, caps, ok_file) << 16 |
           line_moves(p, mq_line_of(LT_DIAG, f, r), mq_pos_on(LT_DIAG, f, r), e, caps, ok_diag) << 32 |
           line_moves(p, mq_line_of(LT_ANTI, f, r), mq_pos_on(LT_ANTI, f, r), e, caps, ok_anti) << 48;
}

/* The moves kind asks for of the queen on q: captures, and any empty square it reaches
 * unless it has height 2 (no checker to leave behind). */
static inline uint64_t queen_moves(const MQPos *p, int q, int e, GenKind kind) {
    unsigned ok = kind == GEN_NOISY || p->height[q] == 2 ? 0 : 0xFFFF;
    return stack_moves(p, q, e, kind == GEN_QUIET ? 0 : 0xFFFF, ok, ok, ok, ok);
}

/* The moves kind asks for of a baby on sq: captures, and the empty squares strictly
 * closer to the enemy queen on eq. */
static inline uint64_t baby_moves(const MQPos *p, int sq, int e, int eq, GenKind kind) {
    if (kind == GEN_NOISY) return stack_moves(p, sq, e, 0xFFFF, 0, 0, 0, 0);
    int f = mq_file(sq), r = mq_rank(sq), dx = f - mq_file(eq) + 22, dy = r - mq_rank(eq);
    return stack_moves(p, sq, e, kind == GEN_QUIET ? 0 : 0xFFFF, mq_closer[LT_RANK][dx][f],
                       mq_closer[LT_FILE][dy + 22][r], mq_closer[LT_DIAG][dx + dy][f],
                       mq_closer[LT_ANTI][dx - dy][f]);
}

/* The move of the stack on sq (base: its square and queen flag) to the square of bit b
 * of its word: a capture when that square is occupied (by the enemy: see line_moves). */
static inline Move stack_move(const MQPos *p, int sq, Move base, int b, int eq) {
    int to = mq_word_sq[sq][b];
    return base | (Move)to << 8 | (Move)(p->height[to] != 0) * MF_CAPTURE |
           (Move)(to == eq) * MF_VICTIM_QUEEN;
}

/* Appends the moves of a stack word (the stack on sq), in bit order. */
static inline int list_stack(const MQPos *p, int sq, Move base, uint64_t bits, Move *list, int n) {
    int eq = p->queen[p->stm ^ 1];
    for (; bits; bits &= bits - 1) list[n++] = stack_move(p, sq, base, __builtin_ctzll(bits), eq);
    return n;
}

/* Our babies: our stacks but the queen, as a 192-bit bitboard in three words. */
static inline uint64_t babies_word(const MQPos *p, int c, int q, int w) {
    return p->bb[c][w] & ~((q >> 6) == w ? 1ULL << (q & 63) : 0);
}

/* Moves are listed stack by stack (the queen, then the babies by square), each stack's in
 * the order of its bits, then swap: mq_nth and mq_gen(GEN_ALL) share this order. */
int KIT_HOT(mq_gen)(const GamePos *gp, Move *list, GenKind kind) {
    const MQPos *p = (const MQPos *)gp;
    int c = p->stm, e = c ^ 1, q = p->queen[c], eq = p->queen[e], n = 0;
    if (q == MQ_NO_SQ) return 0; /* our queen was captured: the game is over */
    n = list_stack(p, q, (Move)q | MF_QUEEN, queen_moves(p, q, e, kind), list, n);
    for (int w = 0; w < 3; w++)
        for (uint64_t b = babies_word(p, c, q, w); b; b &= b - 1) {
            int sq = w * 64 + __builtin_ctzll(b);
            n = list_stack(p, sq, (Move)sq, baby_moves(p, sq, e, eq, kind), list, n);
        }
    if (kind != GEN_NOISY && p->swap == SWAP_AVAILABLE && p->pie) list[n++] = MQ_MOVE_SWAP;
    return n;
}

uint64_t KIT_HOT(mq_count)(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    int c = p->stm, e = c ^ 1, q = p->queen[c], eq = p->queen[e];
    if (q == MQ_NO_SQ) return 0;
    uint64_t n = (uint64_t)bb_popcount(queen_moves(p, q, e, GEN_ALL)) + (p->swap == SWAP_AVAILABLE && p->pie);
    for (int w = 0; w < 3; w++)
        for (uint64_t b = babies_word(p, c, q, w); b; b &= b - 1)
            n += (uint64_t)bb_popcount(baby_moves(p, w * 64 + __builtin_ctzll(b), e, eq, GEN_ALL));
    return n;
}

/* Bit index of the k-th (from 0) set bit of x, which has more than k. */
static inline int nth_bit(uint64_t x, uint64_t k) {
    for (; k; k--) x &= x - 1;
    return __builtin_ctzll(x);
}

Move KIT_HOT(mq_nth)(const GamePos *gp, uint64_t k) {
    const MQPos *p = (const MQPos *)gp;
    int c = p->stm, e = c ^ 1, q = p->queen[c], eq = p->queen[e];
    if (q == MQ_NO_SQ) return MOVE_NONE;
    uint64_t m = queen_moves(p, q, e, GEN_ALL), n = (uint64_t)bb_popcount(m);
    if (k < n) return stack_move(p, q, (Move)q | MF_QUEEN, nth_bit(m, k), eq);
    k -= n;
    for (int w = 0; w < 3; w++)
        for (uint64_t b = babies_word(p, c, q, w); b; b &= b - 1) {
            int sq = w * 64 + __builtin_ctzll(b);
            m = baby_moves(p, sq, e, eq, GEN_ALL);
            n = (uint64_t)bb_popcount(m);
            if (k < n) return stack_move(p, sq, (Move)sq, nth_bit(m, k), eq);
            k -= n;
        }
    return k == 0 && p->swap == SWAP_AVAILABLE && p->pie ? MQ_MOVE_SWAP : MOVE_NONE;
}

bool KIT_HOT(mq_is_legal)(const GamePos *gp, Move m) {
    const MQPos *p = (const MQPos *)gp;
    int c = p->stm, e = c ^ 1;
    if (p->queen[c] == MQ_NO_SQ) return false;
    if (m == MQ_MOVE_SWAP) return p->swap == SWAP_AVAILABLE && p->pie;
    if (m & ~(Move)(0xFFFF | MF_CAPTURE | MF_QUEEN | MF_VICTIM_QUEEN)) return false;
    int from = mv_from(m), to = mv_to(m);
    if (from >= MQ_SQ_NB || to >= MQ_SQ_NB || mq_file(from) >= MQ_N || mq_file(to) >= MQ_N ||
        from == to)
        return false;
    int h = p->height[from];
    if (!h || mq_colour_at(p, from) != c) return false;
    int df = mq_file(to) - mq_file(from), dr = mq_rank(to) - mq_rank(from);
    int t = dr == 0 ? LT_RANK : df == 0 ? LT_FILE : df == dr ? LT_DIAG : df == -dr ? LT_ANTI : -1;
    if (t < 0) return false;
    const MQSqLines *s = &mq_sqlines[from];
    int l = s->line[t];
    unsigned bit = 1u << mq_sqlines[to].pos[t];
    if (!(mq_reach(s->pos[t], mq_occ(p, BOTH, l)) & bit)) return false;
    Move want = (Move)from | (Move)to << 8 | (h >= 2 ? MF_QUEEN : 0);
    if (p->height[to]) {
        if (!(mq_occ(p, e, l) & bit)) return false; /* our own stack */
        want |= MF_CAPTURE | (to == p->queen[e] ? MF_VICTIM_QUEEN : 0);
    } else if (h == 2) {
        return false;
    } else if (h == 1) {
        int dot[LT_NB];
        closer_dots(from, p->queen[e], dot);
        if (!(mq_closer[t][dot[t]][s->pos[t]] & bit)) return false;
    }
    return m == want;
}

/* Colour c's pieces that see sq along its four lines (sight is mutual: a stack on sq sees
 * them too): line type t's 16-bit occupancy-lane bits at t * 16 of the result. */
static inline uint64_t seen_by(const MQPos *p, int sq, int c) {
    const MQSqLines *s = &mq_sqlines[sq];
    uint64_t r = 0;
    for (int t = 0; t < LT_NB; t++) {
        uint64_t w = p->line[s->line[t]];
        r |= (uint64_t)(mq_reach(s->pos[t], (uint16_t)(w >> 32)) & (uint16_t)(w >> (16 * c))) << (16 * t);
    }
    return r;
}

bool KIT_HOT(mq_in_check)(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    int q = p->queen[p->stm];
    return q != MQ_NO_SQ && seen_by(p, q, p->stm ^ 1) != 0;
}

Move KIT_HOT(mq_winning_move)(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    int c = p->stm, eq = p->queen[c ^ 1];
    if (p->queen[c] == MQ_NO_SQ || eq == MQ_NO_SQ) return MOVE_NONE;
    uint64_t seen = seen_by(p, eq, c);
    if (!seen) return MOVE_NONE;
    int bit = __builtin_ctzll(seen), t = bit >> 4, l = mq_sqlines[eq].line[t];
    int from = mq_line_base[l] + (bit & 15) * mq_line_step[l];
    return (Move)from | (Move)eq << 8 | MF_CAPTURE | MF_VICTIM_QUEEN |
           (p->height[from] >= 2 ? MF_QUEEN : 0);
}

/* Static exchange on the target square of a capture, in evaluation units: a baby is
 * MQ_SEE_BABY; a queen MQ_SEE_QUEEN, so large that a queen only ever takes last (a queen
 * recaptured is a lost game). Each side recaptures with a baby while it has one in sight
 * of the square, else with its queen; pieces that leave a line uncover the ones behind. */
bool KIT_HOT(mq_see_ge)(const GamePos *gp, Move m, int threshold) {
    const MQPos *p = (const MQPos *)gp;
    if (!(m & MF_CAPTURE)) return threshold <= 0;
    if (m & MF_VICTIM_QUEEN) return true;
    /* Babies are all worth the same and a queen only takes last: an exchange a baby starts
     * ends even or better for its side. */
    if (!(m & MF_QUEEN) && threshold <= 0) return true;
    int to = mv_to(m), from = mv_from(m), side = p->stm ^ 1;
    const MQSqLines *s = &mq_sqlines[to];
    unsigned gone[LT_NB] = {0, 0, 0, 0}; /* squares emptied, as bits of to's lines */
    int gain[40], d = 0, on_to = p->height[from] >= 2 ? MQ_SEE_QUEEN : MQ_SEE_BABY, sq = from;
    gain[0] = MQ_SEE_BABY;
    for (;;) {
        /* The piece that last took on to left sq: lines through to may see past it. */
        const MQSqLines *r = &mq_sqlines[sq];
        for (int t = 0; t < LT_NB; t++)
            if (r->line[t] == s->line[t]) gone[t] |= 1u << r->pos[t];
        /* side's cheapest piece in sight of to. */
        int best = -1, best_v = 0;
        for (int t = 0; t < LT_NB && best_v != MQ_SEE_BABY; t++) {
            uint64_t w = p->line[s->line[t]];
            unsigned occ = ((unsigned)(w >> 32) & ~gone[t]) | 1u << s->pos[t];
            unsigned who = mq_reach(s->pos[t], (uint16_t)occ) & (unsigned)(w >> (16 * side)) & ~gone[t];
            for (; who; who &= who - 1) {
                int a = mq_line_base[s->line[t]] + __builtin_ctz(who) * mq_line_step[s->line[t]];
                int v = p->height[a] >= 2 ? MQ_SEE_QUEEN : MQ_SEE_BABY;
                if (best < 0 || v < best_v) best = a, best_v = v;
            }
        }
        if (best < 0 || d + 1 >= (int)(sizeof gain / sizeof gain[0])) break;
        d++;
        gain[d] = on_to - gain[d - 1];
        if (on_to == MQ_SEE_QUEEN) break; /* a queen taken ends the game: no recapture */
        if ((gain[d] > -gain[d - 1] ? gain[d] : -gain[d - 1]) < 0) break; /* neither side gains */
        on_to = best_v;
        sq = best;
        side ^= 1;
    }
    while (d > 0) {
        gain[d - 1] = -(gain[d] > -gain[d - 1] ? gain[d] : -gain[d - 1]);
        d--;
    }
    return gain[0] >= threshold;
}

/* The entries of the table this build sets (see common/hot.h). */
const GameOps KIT_HOT(mq_hot) = {
    KIT_HOT_ENTRIES(mq),
    .in_check = KIT_HOT(mq_in_check), .winning_move = KIT_HOT(mq_winning_move), .see_ge = KIT_HOT(mq_see_ge),
    .features = KIT_HOT(mq_features), .features_both = KIT_HOT(mq_features_both),
    .make_delta = KIT_HOT(mq_make_delta), .features_dynamic = KIT_HOT(mq_features_dynamic),
    .move_delta = KIT_HOT(mq_move_delta),
};
