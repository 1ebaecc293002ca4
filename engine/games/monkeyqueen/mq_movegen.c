/* mq_movegen.c — Monkey Queen's move generation from line-occupancy words: listing,
 * bulk counting for perft and the legality test for any 32-bit value (hot: see MQ_HOT). */
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

/* Iterates the squares in a 192-bit bitboard. */
#define FOR_EACH_SQ(bb, sq)                                                     \
    for (int w_ = 0; w_ < 3; w_++)                                              \
        for (uint64_t b_ = (bb)[w_]; b_; b_ &= b_ - 1)                           \
            for (int sq = w_ * 64 + __builtin_ctzll(b_), once_ = 1; once_; once_ = 0)

/* Line index and position of the square on it, by line type. */
static inline void sq_lines(int sq, int l[LT_NB], int pos[LT_NB]) {
    int f = mq_file(sq), r = mq_rank(sq);
    l[LT_RANK] = L_RANK0 + r, pos[LT_RANK] = f;
    l[LT_FILE] = L_FILE0 + f, pos[LT_FILE] = r;
    l[LT_DIAG] = L_DIAG0 + 11 + f - r, pos[LT_DIAG] = f;
    l[LT_ANTI] = L_ANTI0 + f + r, pos[LT_ANTI] = f;
}

/* Appends the moves of the stack on sq (height h) along its four lines. */
static inline int gen_stack(const MQPos *p, int sq, int h, Move *list, int n, GenKind kind) {
    int c = p->stm, e = c ^ 1, eq = p->queen[e], l[LT_NB], pos[LT_NB], dot[LT_NB];
    Move base = (Move)sq | (h >= 2 ? MF_QUEEN : 0);
    sq_lines(sq, l, pos);
    if (h == 1) closer_dots(sq, eq, dot);
    for (int t = 0; t < LT_NB; t++) {
        uint64_t w = p->line[l[t]];
        unsigned occ = (uint16_t)(w >> 32), reach = mq_reach(pos[t], (uint16_t)occ);
        int lb = mq_line_base[l[t]], ls = mq_line_step[l[t]];
        if (kind != GEN_QUIET)
            for (unsigned b = reach & (uint16_t)(w >> (16 * e)); b; b &= b - 1) {
                int to = lb + __builtin_ctz(b) * ls;
                list[n++] = base | MF_CAPTURE | (Move)to << 8 | (to == eq ? MF_VICTIM_QUEEN : 0);
            }
        if (kind != GEN_NOISY && h != 2) {
            unsigned quiet = reach & ~occ;
            if (h == 1) quiet &= mq_closer[t][dot[t]][pos[t]];
            for (; quiet; quiet &= quiet - 1)
                list[n++] = base | (Move)(lb + __builtin_ctz(quiet) * ls) << 8;
        }
    }
    return n;
}

int MQ_HOT(mq_gen)(const GamePos *gp, Move *list, GenKind kind) {
    const MQPos *p = (const MQPos *)gp;
    int c = p->stm, q = p->queen[c], n = 0;
    if (q == MQ_NO_SQ) return 0; /* our queen was captured: the game is over */
    n = gen_stack(p, q, p->height[q], list, n, kind);
    uint64_t babies[3] = {p->bb[c][0], p->bb[c][1], p->bb[c][2]};
    babies[q >> 6] ^= 1ULL << (q & 63);
    FOR_EACH_SQ(babies, sq) n = gen_stack(p, sq, 1, list, n, kind);
    if (kind != GEN_NOISY && p->swap == SWAP_AVAILABLE && p->pie) list[n++] = MQ_MOVE_SWAP;
    return n;
}

/* Moves of a slider at pos on line l: the captures of lane e and the empty squares in
 * quiet_ok. The two sets are disjoint (enemy-occupied / empty), so their union has as
 * many bits as there are moves, and the four lines of a stack pack into one word. */
static inline uint64_t line_moves(const MQPos *p, int l, int pos, int e, unsigned quiet_ok) {
    uint64_t w = p->line[l];
    return mq_reach_w(pos, w) & ((unsigned)(w >> (16 * e)) | (~(unsigned)(w >> 32) & quiet_ok));
}

/* The moves of a stack on its four lines, one 16-bit lane each. */
#define STACK_MOVES(p, f, r, e, ok_rank, ok_file, ok_diag, ok_anti)                        \
    (line_moves(p, L_RANK0 + (r), f, e, ok_rank) |                                        \
     line_moves(p, L_FILE0 + (f), r, e, ok_file) << 16 |                                  \
     line_moves(p, L_DIAG0 + 11 + (f) - (r), f, e, ok_diag) << 32 |                       \
     line_moves(p, L_ANTI0 + (f) + (r), f, e, ok_anti) << 48)

uint64_t MQ_HOT(mq_count)(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    int c = p->stm, e = c ^ 1, q = p->queen[c], eq = p->queen[e];
    if (q == MQ_NO_SQ) return 0;
    uint64_t n = (p->swap == SWAP_AVAILABLE && p->pie);
    /* The queen: captures, and every empty square it reaches unless it has height 2. */
    unsigned qm = p->height[q] == 2 ? 0 : 0xFFFF;
    int f = mq_file(q), r = mq_rank(q);
    n += (uint64_t)mq_popcount64(STACK_MOVES(p, f, r, e, qm, qm, qm, qm));
    /* Babies: captures, and empty squares strictly closer to the enemy queen. */
    int ef = mq_file(eq), er = mq_rank(eq);
    for (int w = 0; w < 3; w++) {
        uint64_t babies = p->bb[c][w] & ~((q >> 6) == w ? 1ULL << (q & 63) : 0);
        for (; babies; babies &= babies - 1) {
            int sq = w * 64 + __builtin_ctzll(babies);
            int bf = mq_file(sq), br = mq_rank(sq), dx = bf - ef + 22, dy = br - er;
            n += (uint64_t)mq_popcount64(STACK_MOVES(p, bf, br, e, mq_closer[LT_RANK][dx][bf],
                                                     mq_closer[LT_FILE][dy + 22][br],
                                                     mq_closer[LT_DIAG][dx + dy][bf],
                                                     mq_closer[LT_ANTI][dx - dy][bf]));
        }
    }
    return n;
}

bool MQ_HOT(mq_is_legal)(const GamePos *gp, Move m) {
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
