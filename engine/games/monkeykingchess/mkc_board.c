/* mkc_board.c — Monkey King Chess positions: the options in the position, the key from
 * scratch, the start, the position string (printing, and parsing with precise refusals)
 * and the board drawn for people. */
#include <stdio.h>
#include <string.h>

#include "../common/fields.h"
#include "mkc.h"
#include "../common/fail.h"

#define MKC_MAX_COUNTER 1000000000L

/* River squares of each option value, by name (red river, then blue river). */
static const char *const RIVERS[2][2] = {
    {"a4 b4 c4 d4 e4", "a5 b5 c5 d5 e5"},
    {"a1 b2 c3 d4 e1 d2 b4", "a8 b7 c6 d5 e8 d7 b5"},
};

static Bb squares_of(const char *names) {
    Bb b = 0;
    for (const char *s = names; *s; s += s[2] ? 3 : 2) b |= bb_bit((s[1] - '1') * 8 + (s[0] - 'a'));
    return b;
}

void mkc_config(MKCPos *p, const GameConfig *cfg) {
    p->diagonal = (uint8_t)(cfg->v[MKC_OPT_RIVER] == 1);
    p->river[RED] = squares_of(RIVERS[p->diagonal][0]);
    p->river[BLUE] = squares_of(RIVERS[p->diagonal][1]);
    p->limit = cfg->v[MKC_OPT_NOPROGRESS];
}

Key mkc_compute_key(const MKCPos *p) {
    Key k = 0;
    for (int sq = 0; sq < 64; sq++) k ^= mkc_z_piece[p->board[sq]][sq];
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < D_NB; d++) k ^= mkc_z_hand[s][d][p->hand[s][d]];
    k ^= mkc_z_tokens[p->tokens];
    if (p->extra) k ^= mkc_z_extra;
    if (p->stm == RED) k ^= mkc_z_red;
    if (p->diagonal) k ^= mkc_z_diagonal;
    return k;
}

void mkc_startpos(GamePos *gp, const GameConfig *cfg) {
    MKCPos *p = (MKCPos *)gp;
    memset(gp, 0, sizeof *gp);
    mkc_config(p, cfg);
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < D_NB; d++) p->hand[s][d] = MKC_DISKS[d];
    p->stm = BLUE;
    p->key = mkc_compute_key(p);
}

/* The earth board mirrored left to right (files a-e reversed), the clouds kept: with five
 * files a square keeps its light or dark colour, so flights, which follow colours, map one
 * to one, as do every face's steps, slides and jumps (forward is along the files), the
 * halves and the Pilgrim's exit. Both river options are symmetric themselves; rivers that
 * were not would leave the position without a twin. Hands, tokens, the extra step, the
 * side, the counters and the ply are kept. */
static int mirror_sq(int sq) { return sq_file(sq) < 5 ? (sq & ~7) | (4 - sq_file(sq)) : sq; }

bool mkc_mirror(GamePos *gp) {
    const MKCPos *p = (const MKCPos *)gp;
    for (int s = 0; s < 2; s++)
        for (Bb b = p->river[s]; b; b &= b - 1)
            if (!(p->river[s] & bb_bit(mirror_sq(bb_lsb(b))))) return false;
    GamePos g;
    MKCPos *m = (MKCPos *)&g;
    memset(&g, 0, sizeof g);
    *m = *p;
    memset(m->bb, 0, sizeof m->bb), memset(m->occ, 0, sizeof m->occ), memset(m->board, 0, sizeof m->board);
    for (int sq = 0; sq < 64; sq++)
        if (p->board[sq]) mkc_put(m, mirror_sq(sq), p->board[sq]);
    m->key = mkc_compute_key(m);
    memcpy(gp, &g, sizeof g);
    return true;
}

int mkc_square_name(int sq, char *out) {
    int f = sq_file(sq);
    out[0] = (char)(f < 5 ? 'a' + f : f == 6 ? 'q' : 'r');
    out[1] = (char)('1' + sq_rank(sq));
    out[2] = 0;
    return 2;
}

/* ---- position string ----
 * <board> <side> <hands> <tokens> <step> <noprogress> <ply> (rules file, section 9). */

static int face_of_letter(char c) {
    for (int f = 1; f < F_NB; f++)
        if (MKC_FACE[f].letter == c) return f;
    return F_NONE;
}

/* The squares of a row of the board field, rank r (0-based): a-e, then q r on ranks 2, 7. */
static int row_width(int r) { return r == 1 || r == 6 ? 7 : 5; }
static int row_square(int r, int i) { return r * 8 + (i < 5 ? i : i + 1); }

static bool parse_board(MKCPos *p, const char *s, char *err) {
    int r = 7, i = 0;
    for (;; s++) {
        char c = *s;
        if (c == '/' || c == 0) {
            if (i != row_width(r))
                return kit_fail(err, "board: rank %d has %d squares, expected %d%s", r + 1, i, row_width(r),
                            row_width(r) == 7 ? " (a-e, then the cloud squares q r)" : " (a-e)");
            if (c == 0) break;
            if (r == 0) return kit_fail(err, "board: more than 8 ranks");
            r--, i = 0;
        } else if (c >= '1' && c <= '9') {
            long n = c - '0';
            while (s[1] >= '0' && s[1] <= '9') {
                n = n * 10 + (*++s - '0');
                if (n > 99) n = 99; /* too many either way; no overflow */
            }
            if (i + n > row_width(r))
                return kit_fail(err, "board: rank %d: %ld empty squares after %d do not fit its %d squares", r + 1, n, i,
                            row_width(r));
            i += (int)n;
        } else {
            int f = face_of_letter(c);
            if (c == '0') return kit_fail(err, "board: rank %d: '0' is not a count of empty squares", r + 1);
            if (!f) return kit_fail(err, "board: rank %d: '%c' is not a piece letter (PSNGHLKCX pmnlhkcx)", r + 1, c);
            if (i >= row_width(r)) return kit_fail(err, "board: rank %d has more than %d squares", r + 1, row_width(r));
            int sq = row_square(r, i++);
            if ((bb_bit(sq) & MKC_CLOUDS) && !MKC_FACE[f].flier) {
                char name[3];
                mkc_square_name(sq, name);
                return kit_fail(err, "board: '%c' on cloud square %s: only fliers (m l c G L C) stand on clouds", c,
                            name);
            }
            mkc_put(p, sq, f);
        }
    }
    if (r != 0) return kit_fail(err, "board: %d ranks, expected 8", 8 - r);
    return true;
}

static bool parse_hands(MKCPos *p, const char *s, char *err) {
    if (!strcmp(s, "-")) return true;
    static const char ORDER[] = "PNHKCpnhkc";
    int pos = 0;
    for (const char *c = s; *c; c++) {
        const char *at = strchr(ORDER, *c);
        if (!at) {
            int f = face_of_letter(*c);
            if (f) return kit_fail(err, "hands: '%c' is a back face; hands hold front faces only (PNHKC pnhkc)", *c);
            return kit_fail(err, "hands: '%c' is not a disk letter (PNHKC pnhkc, or '-' for none)", *c);
        }
        if (at - ORDER < pos)
            return kit_fail(err, "hands: '%c' out of order; the order is P N H K C p n h k c", *c);
        pos = (int)(at - ORDER);
        p->hand[pos / 5][pos % 5]++;
        if (p->hand[pos / 5][pos % 5] > MKC_DISKS[pos % 5])
            return kit_fail(err, "hands: more '%c' than the %d disks of that kind", *c, MKC_DISKS[pos % 5]);
    }
    return true;
}

/* Each disk counted under its front face: board pieces of either face, the hand, and
 * for Red heroes the Fists tokens. */
static bool check_disks(const MKCPos *p, char *err) {
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < D_NB; d++) {
            int n = p->hand[s][d];
            for (int f = 1; f < F_NB; f++)
                if (MKC_FACE[f].side == s && MKC_FACE[f].disk == d) n += bb_popcount(p->bb[f]);
            if (s == RED && d == D_HERO) n += p->tokens;
            if (n > MKC_DISKS[d])
                return kit_fail(err, "board and hands: %d %s disks of %s (%s), at most %d", n,
                            (const char *[]){"pawn", "knight", "hero", "king", "Celestial"}[d], s ? "Red" : "Blue",
                            s == RED && d == D_HERO ? "heroes on the board, in hand and Fists tokens"
                                                    : "either face, board and hand",
                            MKC_DISKS[d]);
        }
    return true;
}

bool mkc_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err) {
    char buf[POS_STR_MAX + 8];
    char *fld[8];
    int n = fields_split(text, buf, sizeof buf, fld, 7);
    if (n < 0) return kit_fail(err, "position string longer than %d characters", POS_STR_MAX - 1);
    if (n != 7) return fields_count_fail(err, n, 7, "board side hands tokens step noprogress ply");
    MKCPos tmp;
    memset(&tmp, 0, sizeof tmp);
    MKCPos *p = &tmp;
    mkc_config(p, cfg);
    if (!parse_board(p, fld[0], err)) return false;
    if (strcmp(fld[1], "1") && strcmp(fld[1], "2"))
        return kit_fail(err, "side: '%.16s' is not 1 (Blue) or 2 (Red)", fld[1]);
    p->stm = fld[1][0] == '1' ? BLUE : RED;
    if (!parse_hands(p, fld[2], err)) return false;
    long v;
    if (!field_uint(fld[3], 0, 2, &v)) return kit_fail(err, "tokens: '%.16s' is not 0, 1 or 2", fld[3]);
    p->tokens = (uint8_t)v;
    if (strcmp(fld[4], "-") && strcmp(fld[4], "x"))
        return kit_fail(err, "step: '%.16s' is not '-' (a regular move) or 'x' (Red's extra step)", fld[4]);
    p->extra = fld[4][0] == 'x';
    if (p->extra && (p->stm != RED || p->tokens < 1))
        return kit_fail(err, "step: 'x' (Red's extra step) needs side 2 and at least one token");
    if (!field_uint(fld[5], 0, MKC_MAX_COUNTER, &v))
        return kit_fail(err, "noprogress: '%.16s' is not a plain decimal from 0 to %ld", fld[5], MKC_MAX_COUNTER);
    p->np = (int32_t)v;
    if (!field_uint(fld[6], 0, MKC_MAX_COUNTER, &v))
        return kit_fail(err, "ply: '%.16s' is not a plain decimal from 0 to %ld", fld[6], MKC_MAX_COUNTER);
    p->ply = (int32_t)v;
    if (!check_disks(p, err)) return false;
    if (bb_popcount(p->bb[RK]) + p->hand[RED][D_KING] > 1 || bb_popcount(p->bb[BK]) + p->hand[BLUE][D_KING] > 1)
        return kit_fail(err, "board and hands: more than one king disk for a side");
    if ((p->stm == BLUE || p->extra) && mkc_pilgrim_attacked(p)) {
        char name[3];
        mkc_square_name(mkc_pilgrim(p), name);
        return kit_fail(err, "board: the Pilgrim on %s is attacked while %s", name,
                    p->extra ? "Red is in its extra step" : "Blue is to move");
    }
    p->key = mkc_compute_key(p);
    memset(gp, 0, sizeof *gp);
    memcpy(gp, p, sizeof *p);
    return true;
}

static char *print_board(const MKCPos *p, char *o) {
    for (int r = 7; r >= 0; r--) {
        int run = 0;
        for (int i = 0; i < row_width(r); i++) {
            int f = p->board[row_square(r, i)];
            if (!f) {
                run++;
                continue;
            }
            if (run) o += sprintf(o, "%d", run), run = 0;
            *o++ = MKC_FACE[f].letter;
        }
        if (run) o += sprintf(o, "%d", run);
        if (r) *o++ = '/';
    }
    return o;
}

static char *print_hands(const MKCPos *p, char *o) {
    char *start = o;
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < D_NB; d++)
            for (int i = 0; i < p->hand[s][d]; i++) *o++ = MKC_FACE[MKC_FRONT[s][d]].letter;
    if (o == start) *o++ = '-';
    return o;
}

void mkc_print_pos(const GamePos *gp, char *out) {
    const MKCPos *p = (const MKCPos *)gp;
    char *o = print_board(p, out);
    o += sprintf(o, " %d ", p->stm + 1);
    o = print_hands(p, o);
    sprintf(o, " %d %c %d %d", p->tokens, p->extra ? 'x' : '-', p->np, p->ply);
}

void mkc_display(const GamePos *gp, char *out, size_t size) {
    const MKCPos *p = (const MKCPos *)gp;
    size_t n = 0;
#define ADD(...) n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__)
    ADD("    a b c d e    q r\n");
    for (int r = 7; r >= 0; r--) {
        ADD(" %d  ", r + 1);
        for (int f = 0; f < 5; f++) {
            int sq = r * 8 + f, face = p->board[sq];
            char c = face ? MKC_FACE[face].letter : (bb_bit(sq) & (p->river[RED] | p->river[BLUE])) ? '~' : '.';
            ADD("%c%s", c, f < 4 ? " " : "");
        }
        if (r == 1 || r == 6)
            for (int f = 6; f < 8; f++) {
                int face = p->board[r * 8 + f];
                ADD("%s%c", f == 6 ? "    " : " ", face ? MKC_FACE[face].letter : '.');
            }
        ADD("%s\n", r == 6 ? "    blue cloud" : r == 1 ? "    red cloud" : "");
    }
    char hands[32];
    *print_hands(p, hands) = 0;
    ADD("Hands: %s   Tokens: %d   River: %s (~ on empty river squares)\n", hands, p->tokens,
        p->diagonal ? "diagonal" : "ranks");
    ADD("%s to decide%s\n", p->stm == BLUE ? "Blue (p1)" : "Red (p2)",
        p->extra ? ", in Red's extra step (an extra Monkey King move or end)" : "");
#undef ADD
}
