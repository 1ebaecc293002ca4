/* mq_board.c — Monkey Queen positions and notation: set-up, the position string (parse
 * with precise errors, print), move text, the board display and why a game ended. */
#include "mq.h"
#include "../common/fail.h"
#include "../common/fields.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

void mq_clear(MQPos *p) {
    memset(p, 0, sizeof *p);
    for (int l = 0; l < MQ_LINES; l++) p->line[l] = (uint64_t)mq_line_off[l] << 32;
    p->queen[IVORY] = p->queen[CIGAR] = MQ_NO_SQ;
}

void mq_put(MQPos *p, int sq, int colour, int height) {
    p->height[sq] = (uint8_t)height;
    mq_xor_sq(p, sq, MQ_LANE(colour) | MQ_LANE_BOTH);
    mq_bb_flip(p, colour, sq);
    if (height >= 2) p->queen[colour] = (uint8_t)sq;
}

Key mq_compute_key(const MQPos *p) {
    Key k = 0;
    for (int sq = 0; sq < MQ_SQ_NB; sq++) {
        if (!p->height[sq]) continue;
        int c = mq_colour_at(p, sq);
        k ^= mq_z_stack[c][sq];
        if (p->queen[c] == sq) k ^= mq_z_queen[c][sq] ^ mq_z_height[c][p->height[sq]];
    }
    if (p->stm == CIGAR) k ^= mq_z_cigar;
    return k ^ mq_z_swap[p->swap];
}

/* The board mirrored left to right: the rules see no side, and the queen's moves, the
 * babies' distances and the pie rule map one to one. */
bool mq_mirror(GamePos *gp) {
    MQPos *p = (MQPos *)gp, m;
    mq_clear(&m);
    for (int sq = 0; sq < MQ_SQ_NB; sq++)
        if (p->height[sq]) mq_put(&m, mq_sq(MQ_N - 1 - mq_file(sq), mq_rank(sq)), mq_colour_at(p, sq), p->height[sq]);
    m.stm = p->stm, m.swap = p->swap, m.pie = p->pie, m.ply = p->ply;
    m.key = mq_compute_key(&m);
    *p = m;
    return true;
}

void mq_startpos(GamePos *gp, const GameConfig *cfg) {
    MQPos *p = (MQPos *)gp;
    mq_clear(p);
    mq_put(p, mq_sq(6, 0), IVORY, cfg->v[MQ_OPT_IVORY_HEIGHT]); /* g1 */
    mq_put(p, mq_sq(5, 11), CIGAR, cfg->v[MQ_OPT_CIGAR_HEIGHT]); /* f12 */
    p->pie = (uint8_t)(cfg->v[MQ_OPT_PIE] != 0);
    p->swap = p->pie ? SWAP_PENDING : SWAP_NONE;
    p->stm = IVORY;
    p->key = mq_compute_key(p);
}

/* ---- position string ----------------------------------------------------------------
 * <board> <side> <swap> <ply>
 *   board: ranks 12 down to 1 separated by '/', files a..l within a rank; a number 1..12
 *          is that many empty squares, i / c an Ivory / Cigar baby, I[h] / C[h] a queen
 *          of height h (2..99).
 *   side:  i or c, the colour to move.
 *   swap:  w  pie rule pending (Ivory's first move not made; Ivory to move)
 *          a  swap available now (Cigar to move may answer "swap")
 *          s  swap taken: player 1 plays Cigar
 *          -  no swap: player 1 plays Ivory and swap is no longer possible
 *   ply:   moves made since the start, swap included. */

static const char SWAP_CHARS[4] = {'w', 'a', 's', '-'};
#define MQ_MAX_HEIGHT 99
#define MQ_MAX_PLY 1000000000

static void sqname(int sq, char *out) { snprintf(out, 8, "%c%d", (char)('a' + (sq & 15)), (sq >> 4 & 15) + 1); }

/* Splits text into at most 5 whitespace-separated fields (5 = "too many"). */
static int split_fields(const char *text, const char *start[5], size_t len[5]) {
    int n = 0;
    const char *s = text;
    while (*s) {
        while (*s && isspace((unsigned char)*s)) s++;
        if (!*s) break;
        const char *b = s;
        while (*s && !isspace((unsigned char)*s)) s++;
        if (n < 5) start[n] = b, len[n] = (size_t)(s - b);
        n++;
    }
    return n;
}

static bool parse_board(MQPos *p, const char *s, size_t len, char *err) {
    int rank = MQ_N - 1, file = 0, nq[2] = {0, 0}, qsq[2][2] = {{0, 0}, {0, 0}};
    for (size_t i = 0; i <= len; i++) {
        char ch = i < len ? s[i] : '\0';
        if (ch == '/' || ch == '\0') {
            if (file != MQ_N)
                return kit_fail(err, "board: rank %d has %d files, expected 12", rank + 1, file);
            if (ch == '\0') break;
            if (--rank < 0) return kit_fail(err, "board: more than 12 ranks");
            file = 0;
            continue;
        }
        if (isdigit((unsigned char)ch)) {
            int n = 0;
            if (ch == '0') return kit_fail(err, "board: empty run with a leading zero in rank %d", rank + 1);
            while (i < len && isdigit((unsigned char)s[i]) && n <= MQ_N) n = n * 10 + (s[i++] - '0');
            i--;
            if (n < 1 || n > MQ_N)
                return kit_fail(err, "board: empty run '%d' in rank %d (must be 1..12)", n, rank + 1);
            if (file + n > MQ_N)
                return kit_fail(err, "board: rank %d has more than 12 files", rank + 1);
            file += n;
            continue;
        }
        int colour = (ch == 'i' || ch == 'I') ? IVORY : (ch == 'c' || ch == 'C') ? CIGAR : -1;
        if (colour < 0)
            return kit_fail(err, "board: unknown character '%c' in rank %d (expected 1-12, i, c, I[h], C[h] or /)",
                        isprint((unsigned char)ch) ? ch : '?', rank + 1);
        if (file >= MQ_N) return kit_fail(err, "board: rank %d has more than 12 files", rank + 1);
        int height = 1, sq = mq_sq(file, rank);
        char at[8];
        sqname(sq, at);
        if (isupper((unsigned char)ch)) {
            if (i + 1 >= len || s[i + 1] != '[')
                return kit_fail(err, "board: queen '%c' at %s must be followed by its height in brackets, e.g. %c[20]", ch, at, ch);
            size_t j = i + 2;
            height = 0;
            while (j < len && isdigit((unsigned char)s[j]) && height <= MQ_MAX_HEIGHT)
                height = height * 10 + (s[j++] - '0');
            if (j == i + 2) return kit_fail(err, "board: missing height in the brackets at %s", at);
            if (j >= len || s[j] != ']')
                return kit_fail(err, "board: height at %s must be a number 2..99 closed by ']'", at);
            if (height == 0) return kit_fail(err, "board: height 0 at %s", at);
            if (height == 1)
                return kit_fail(err, "board: height 1 at %s is a baby: write it '%c'", at, tolower((unsigned char)ch));
            if (height > MQ_MAX_HEIGHT || s[i + 2] == '0')
                return kit_fail(err, "board: height at %s must be 2..99 without leading zeros", at);
            i = j;
            if (nq[colour] < 2) qsq[colour][nq[colour]] = sq;
            nq[colour]++;
        }
        mq_put(p, sq, colour, height);
        file++;
    }
    if (rank != 0) return kit_fail(err, "board: %d ranks, expected 12", MQ_N - rank);
    for (int c = 0; c < 2; c++) {
        const char *name = c == IVORY ? "Ivory" : "Cigar";
        if (nq[c] == 0) return kit_fail(err, "board: %s has no queen (a stack of height 2 or more)", name);
        if (nq[c] > 1) {
            char a[8], b[8];
            sqname(qsq[c][0], a);
            sqname(qsq[c][1], b);
            return kit_fail(err, "board: %s has %d queens (%s and %s); one queen per side", name, nq[c], a, b);
        }
    }
    return true;
}

bool mq_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err) {
    const char *f[5];
    size_t len[5];
    int n = split_fields(text, f, len);
    if (n != 4) return fields_count_fail(err, n, 4, "board side swap ply");
    MQPos p;
    mq_clear(&p);
    if (!parse_board(&p, f[0], len[0], err)) return false;
    if (len[1] != 1 || (f[1][0] != 'i' && f[1][0] != 'c'))
        return kit_fail(err, "side to move: '%.*s', expected i (Ivory) or c (Cigar)", (int)(len[1] > 20 ? 20 : len[1]), f[1]);
    p.stm = f[1][0] == 'i' ? IVORY : CIGAR;
    const char *sc = len[2] == 1 ? (const char *)memchr(SWAP_CHARS, f[2][0], 4) : NULL;
    if (!sc)
        return kit_fail(err, "swap state: '%.*s', expected w (pending), a (available), s (taken) or - (none)", (int)(len[2] > 20 ? 20 : len[2]), f[2]);
    p.swap = (uint8_t)(sc - SWAP_CHARS);
    if (p.swap == SWAP_PENDING && p.stm != IVORY)
        return kit_fail(err, "swap state 'w' (pie pending) needs Ivory to move");
    if (p.swap == SWAP_AVAILABLE && p.stm != CIGAR)
        return kit_fail(err, "swap state 'a' (swap available) needs Cigar to move");
    long ply = 0;
    for (size_t i = 0; i < len[3]; i++) {
        if (!isdigit((unsigned char)f[3][i]) || ply > MQ_MAX_PLY)
            return kit_fail(err, "ply: '%.*s', expected a number 0..%d", (int)(len[3] > 20 ? 20 : len[3]), f[3], MQ_MAX_PLY);
        ply = ply * 10 + (f[3][i] - '0');
    }
    if (ply > MQ_MAX_PLY || (len[3] > 1 && f[3][0] == '0'))
        return kit_fail(err, "ply: '%.*s', expected a number 0..%d without leading zeros", (int)(len[3] > 20 ? 20 : len[3]), f[3], MQ_MAX_PLY);
    p.ply = (int32_t)ply;
    p.pie = (uint8_t)(cfg->v[MQ_OPT_PIE] != 0);
    p.key = mq_compute_key(&p);
    memcpy(gp, &p, sizeof p);
    return true;
}

void mq_print_pos(const GamePos *gp, char *out) {
    const MQPos *p = (const MQPos *)gp;
    char *o = out;
    for (int r = MQ_N - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < MQ_N; f++) {
            int sq = mq_sq(f, r), h = p->height[sq];
            if (!h) {
                empty++;
                continue;
            }
            if (empty) o += sprintf(o, "%d", empty), empty = 0;
            int c = mq_colour_at(p, sq);
            if (h == 1) *o++ = c == IVORY ? 'i' : 'c';
            else o += sprintf(o, "%c[%d]", c == IVORY ? 'I' : 'C', h);
        }
        if (empty) o += sprintf(o, "%d", empty);
        if (r) *o++ = '/';
    }
    sprintf(o, " %c %c %d", p->stm == IVORY ? 'i' : 'c', SWAP_CHARS[p->swap], (int)p->ply);
}

void mq_display(const GamePos *gp, char *out, size_t size) {
    const MQPos *p = (const MQPos *)gp;
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    /* Each letter over the cell's last character: '.', a baby and a stack's last digit stand there. */
    PUT("\n       a   b   c   d   e   f   g   h   i   j   k   l\n");
    for (int r = MQ_N - 1; r >= 0; r--) {
        PUT("%3d ", r + 1);
        for (int f = 0; f < MQ_N; f++) {
            int sq = mq_sq(f, r), h = p->height[sq];
            char cell[8] = ".";
            if (h == 1) cell[0] = mq_colour_at(p, sq) == IVORY ? 'i' : 'c';
            else if (h > 1) snprintf(cell, sizeof cell, "%c%d", mq_colour_at(p, sq) == IVORY ? 'I' : 'C', h);
            PUT("%4s", cell); /* right-aligned, one word: "I9", "C20" */
        }
        PUT("  %d\n", r + 1);
    }
    PUT("       a   b   c   d   e   f   g   h   i   j   k   l\n\n");
    static const char *swap_text[4] = {"pending (Cigar may swap after Ivory's first move)",
                                       "available now (Cigar may answer swap)",
                                       "taken (player 1 plays Cigar)", "none (player 1 plays Ivory)"};
    int p1 = p->swap == SWAP_TAKEN ? CIGAR : IVORY;
    PUT("To move: %s (player %d)\nSwap:    %s%s\nPly:     %d\n",
        p->stm == IVORY ? "Ivory" : "Cigar", p->stm == p1 ? 1 : 2, swap_text[p->swap],
        p->pie ? "" : " [PieRule off]", (int)p->ply);
#undef PUT
}

/* ---- move text ---------------------------------------------------------------------- */

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
    else /* ranks as bytes: the compiler then knows the text fits */
        snprintf(out, MOVE_STR_MAX, "%c%u%c%u", 'a' + mq_file(mv_from(m)), (unsigned char)(mq_rank(mv_from(m)) + 1),
                 'a' + mq_file(mv_to(m)), (unsigned char)(mq_rank(mv_to(m)) + 1));
}

/* A pass, for the search's null move: the other colour is to move, nothing else
 * changes. Refused while the pie rule's swap is still to come or possible. */
bool mq_make_null(GamePos *gp, GameUndo *gu) {
    MQPos *p = (MQPos *)gp;
    MQUndo *u = (MQUndo *)gu;
    if (p->swap == SWAP_PENDING || p->swap == SWAP_AVAILABLE) return false;
    u->key = p->key;
    p->key ^= mq_z_cigar;
    p->stm ^= 1;
    p->ply++;
    return true;
}

void mq_unmake_null(GamePos *gp, const GameUndo *gu) {
    MQPos *p = (MQPos *)gp;
    p->key = ((const MQUndo *)gu)->key;
    p->stm ^= 1;
    p->ply--;
}

/* Why a finished game ended, the rule sheet's two ways to win, by the colour that lost: its
 * queen was killed, or it has no legal move (a queen of two, no baby, nothing in sight).
 * Colours, not players: after a swap player 1 plays Cigar. */
void mq_end_reason(const GamePos *gp, char *out) {
    const MQPos *p = (const MQPos *)gp;
    const char *loser = p->stm == IVORY ? "Ivory" : "Cigar";
    out[0] = '\0';
    if (p->queen[p->stm] == MQ_NO_SQ) snprintf(out, REASON_STR_MAX, "%s's queen captured", loser);
    else if (KIT_HOT(mq_count)(gp) == 0) snprintf(out, REASON_STR_MAX, "%s has no legal move", loser);
}
