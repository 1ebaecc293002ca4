/* mq_movegen.c — Monkey Queen's move generation from line-occupancy words: listing,
 * bulk counting for perft, the legality test for any 32-bit value, and move text. */
#include "mq.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

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

int mq_gen(const GamePos *gp, Move *list, GenKind kind) {
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

/* Moves of a slider at pos on line l: captures of lane e, and the empty squares in
 * quiet_ok; returned as one word to popcount (captures low, quiet moves high). */
static inline unsigned line_moves(const MQPos *p, int l, int pos, int e, unsigned quiet_ok) {
    uint64_t w = p->line[l];
    unsigned occ = (uint16_t)(w >> 32), reach = mq_reach(pos, (uint16_t)occ);
    return (reach & (uint16_t)(w >> (16 * e))) | ((reach & ~occ & quiet_ok) << 16);
}

uint64_t mq_count(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    int c = p->stm, e = c ^ 1, q = p->queen[c], eq = p->queen[e];
    if (q == MQ_NO_SQ) return 0;
    uint64_t n = (p->swap == SWAP_AVAILABLE && p->pie);
    /* The queen: captures, and every empty square it reaches unless it has height 2. */
    unsigned qm = p->height[q] == 2 ? 0 : 0xFFFF;
    int f = mq_file(q), r = mq_rank(q);
    n += (uint64_t)(__builtin_popcount(line_moves(p, L_RANK0 + r, f, e, qm)) +
                    __builtin_popcount(line_moves(p, L_FILE0 + f, r, e, qm)) +
                    __builtin_popcount(line_moves(p, L_DIAG0 + 11 + f - r, f, e, qm)) +
                    __builtin_popcount(line_moves(p, L_ANTI0 + f + r, f, e, qm)));
    /* Babies: captures, and empty squares strictly closer to the enemy queen. */
    uint64_t babies[3] = {p->bb[c][0], p->bb[c][1], p->bb[c][2]};
    babies[q >> 6] ^= 1ULL << (q & 63);
    int ef = mq_file(eq), er = mq_rank(eq);
    FOR_EACH_SQ(babies, sq) {
        int bf = mq_file(sq), br = mq_rank(sq), dx = bf - ef + 22, dy = br - er;
        n += (uint64_t)(
            __builtin_popcount(line_moves(p, L_RANK0 + br, bf, e, mq_closer[LT_RANK][dx][bf])) +
            __builtin_popcount(line_moves(p, L_FILE0 + bf, br, e, mq_closer[LT_FILE][dy + 22][br])) +
            __builtin_popcount(line_moves(p, L_DIAG0 + 11 + bf - br, bf, e, mq_closer[LT_DIAG][dx + dy][bf])) +
            __builtin_popcount(line_moves(p, L_ANTI0 + bf + br, bf, e, mq_closer[LT_ANTI][dx - dy][bf])));
    }
    return n;
}

bool mq_is_legal(const GamePos *gp, Move m) {
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
 * them too), as one bit per line type in the result's nibbles: line type t gives the
 * 16-bit occupancy lane bits at t * 16. */
static inline uint64_t seen_by(const MQPos *p, int sq, int c) {
    const MQSqLines *s = &mq_sqlines[sq];
    uint64_t r = 0;
    for (int t = 0; t < LT_NB; t++) {
        uint64_t w = p->line[s->line[t]];
        r |= (uint64_t)(mq_reach(s->pos[t], (uint16_t)(w >> 32)) & (uint16_t)(w >> (16 * c))) << (16 * t);
    }
    return r;
}

bool mq_in_check(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    int q = p->queen[p->stm];
    return q != MQ_NO_SQ && seen_by(p, q, p->stm ^ 1) != 0;
}

Move mq_winning_move(const GamePos *gp) {
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

static int parse_square(const char *s, int *sq) {
    int f = tolower((unsigned char)s[0]) - 'a';
    if (f < 0 || f >= MQ_N || !isdigit((unsigned char)s[1]) || s[1] == '0') return 0;
    int r = s[1] - '0', len = 2;
    if (isdigit((unsigned char)s[2])) r = r * 10 + (s[2] - '0'), len = 3;
    if (r < 1 || r > MQ_N) return 0;
    *sq = mq_sq(f, r - 1);
    return len;
}

Move mq_parse_move(const GamePos *gp, const char *text) {
    const MQPos *p = (const MQPos *)gp;
    if (!strcasecmp(text, "swap")) return mq_is_legal(gp, MQ_MOVE_SWAP) ? MQ_MOVE_SWAP : MOVE_NONE;
    int from, to, a = parse_square(text, &from), b = a ? parse_square(text + a, &to) : 0;
    if (!a || !b || text[a + b]) return MOVE_NONE;
    int c = p->stm;
    if (p->queen[c] == MQ_NO_SQ || !p->height[from] || mq_colour_at(p, from) != c) return MOVE_NONE;
    Move m = (Move)from | (Move)to << 8 | (p->height[from] >= 2 ? MF_QUEEN : 0);
    if (p->height[to]) m |= MF_CAPTURE | (to == p->queen[c ^ 1] ? MF_VICTIM_QUEEN : 0);
    return mq_is_legal(gp, m) ? m : MOVE_NONE;
}

void mq_print_move(const GamePos *gp, Move m, char *out) {
    (void)gp;
    if (m == MOVE_NONE) strcpy(out, "0000");
    else if (m == MQ_MOVE_SWAP) strcpy(out, "swap");
    else
        snprintf(out, MOVE_STR_MAX, "%c%d%c%d", 'a' + mq_file(mv_from(m)), mq_rank(mv_from(m)) + 1,
                 'a' + mq_file(mv_to(m)), mq_rank(mv_to(m)) + 1);
}
