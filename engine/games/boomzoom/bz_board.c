/* bz_board.c — Boom & Zoom positions and notation: the start, the position string (parsed
 * strictly with a message naming the field, printed), move text, the display, why it ended. */
#include <stdio.h>
#include <string.h>

#include "../common/fields.h"
#include "bz.h"
#include "../common/fail.h"

#define BZ_MAX_COUNTER 1000000000L

Key bz_compute_key(const BZPos *p) {
    Key k = 0;
    for (int c = 0; c < 2; c++) {
        for (Bb b = p->occ[c]; b; b &= b - 1) {
            int sq = bb_lsb(b);
            k ^= bz_z_tower[c][p->height[sq]][sq];
        }
        k ^= bz_z_off[c][p->off[c]];
    }
    return p->stm == BZ_P2 ? k ^ bz_z_p2 : k;
}

static void put_tower(BZPos *p, int sq, int player, int h) {
    p->occ[player] |= bb_bit(sq);
    if (h >= 2) p->tall2 |= bb_bit(sq);
    if (h >= 3) p->tall3 |= bb_bit(sq);
    p->height[sq] = (uint8_t)h;
}

void bz_startpos(GamePos *gp, const GameConfig *cfg) {
    BZPos *p = (BZPos *)gp;
    memset(gp, 0, sizeof *gp); /* every byte defined: make/unmake are compared bytewise */
    for (int f = 0; f < 8; f++) {
        put_tower(p, b8_sq(f, 0), BZ_P1, 3);
        put_tower(p, b8_sq(f, 7), BZ_P2, 3);
    }
    p->stm = BZ_P1;
    p->limit = cfg->v[BZ_OPT_NO_PROGRESS];
    p->key = bz_compute_key(p);
}

/* The board mirrored left to right: zooms, booms and bear-off lines (forward, and the
 * diagonals that reach the far rank) map one to one; nothing in the rules has a side. */
bool bz_mirror(GamePos *gp) {
    const BZPos *p = (const BZPos *)gp;
    GamePos g;
    BZPos *m = (BZPos *)&g;
    memset(&g, 0, sizeof g);
    for (int c = 0; c < 2; c++)
        for (Bb b = p->occ[c]; b; b &= b - 1) put_tower(m, b8_mirror_sq(bb_lsb(b)), c, p->height[bb_lsb(b)]);
    m->stm = p->stm, m->off[0] = p->off[0], m->off[1] = p->off[1];
    m->limit = p->limit, m->noprogress = p->noprogress, m->ply = p->ply;
    m->key = bz_compute_key(m);
    memcpy(gp, &g, sizeof g);
    return true;
}

/* ---- the position string: <board> <side> <off1> <off2> <noprogress> <ply> ---- */

/* A field quoted in a message: at most 20 characters of it. */
#define QUOTE(s) (int)(strlen(s) > 20 ? 20 : strlen(s)), (s)

bool bz_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err) {
    static const char *const NAMES = "board side off1 off2 noprogress ply";
    char buf[POS_STR_MAX];
    char *f[6];
    int n = fields_split(text, buf, sizeof buf, f, 6);
    if (n < 0) return kit_fail(err, "position string: longer than %d characters", POS_STR_MAX - 1);
    if (n != 6) return fields_count_fail(err, n, 6, NAMES);
    B8Cell cells[B8_SQ];
    if (!b8_parse_board(f[0], cells, "Tt", 2, BZ_MAX_HEIGHT, err)) return false;
    GamePos g;
    BZPos *p = (BZPos *)&g;
    memset(&g, 0, sizeof g);
    int towers[2] = {0, 0}, checkers[2] = {0, 0};
    for (int sq = 0; sq < B8_SQ; sq++) {
        if (!cells[sq].piece) continue;
        int c = cells[sq].piece == 'T' ? BZ_P1 : BZ_P2;
        put_tower(p, sq, c, cells[sq].height);
        towers[c]++;
        checkers[c] += cells[sq].height;
    }
    for (int c = 0; c < 2; c++)
        if (towers[c] > BZ_TOWERS)
            return kit_fail(err, "board: player %d has %d towers, at most %d", c + 1, towers[c], BZ_TOWERS);
    if (strcmp(f[1], "1") && strcmp(f[1], "2"))
        return kit_fail(err, "side: '%.*s', expected 1 or 2 (the player to move)", QUOTE(f[1]));
    p->stm = f[1][0] == '1' ? BZ_P1 : BZ_P2;
    long v[4];
    static const char *const FIELD[4] = {"off1", "off2", "noprogress", "ply"};
    for (int i = 0; i < 4; i++) {
        long max = i < 2 ? BZ_CHECKERS : BZ_MAX_COUNTER;
        if (!field_uint(f[2 + i], 0, max, &v[i]))
            return kit_fail(err, "%s: '%.*s', expected a number 0..%ld without sign or leading zeros", FIELD[i],
                        QUOTE(f[2 + i]), max);
    }
    for (int c = 0; c < 2; c++) {
        if (checkers[c] + v[c] > BZ_CHECKERS)
            return kit_fail(err, "off%d: player %d has %d checkers on the board and %ld borne off, more than %d", c + 1,
                        c + 1, checkers[c], v[c], BZ_CHECKERS);
        p->off[c] = (uint8_t)v[c];
    }
    p->noprogress = (int32_t)v[2];
    p->ply = (int32_t)v[3];
    p->limit = cfg->v[BZ_OPT_NO_PROGRESS];
    p->key = bz_compute_key(p);
    memcpy(gp, &g, sizeof g);
    return true;
}

static void cells_of(const BZPos *p, B8Cell cells[B8_SQ]) {
    memset(cells, 0, sizeof *cells * B8_SQ);
    for (int c = 0; c < 2; c++)
        for (Bb b = p->occ[c]; b; b &= b - 1) {
            int sq = bb_lsb(b);
            cells[sq].piece = c == BZ_P1 ? 'T' : 't';
            cells[sq].height = p->height[sq];
        }
}

void bz_print_pos(const GamePos *gp, char *out) {
    const BZPos *p = (const BZPos *)gp;
    B8Cell cells[B8_SQ];
    cells_of(p, cells);
    int n = b8_print_board(cells, out);
    snprintf(out + n, (size_t)(POS_STR_MAX - n), " %d %d %d %d %d", p->stm + 1, p->off[0], p->off[1],
             (int)p->noprogress, (int)p->ply);
}

void bz_display(const GamePos *gp, char *out, size_t size) {
    const BZPos *p = (const BZPos *)gp;
    B8Cell cells[B8_SQ];
    cells_of(p, cells);
    size_t n = b8_display(cells, out, size);
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    PUT("\nTo move:     player %d (%s)\nBorne off:   player 1 %d, player 2 %d\n", p->stm + 1,
        p->stm == BZ_P1 ? "T, bears off through rank 8" : "t, bears off through rank 1", p->off[0], p->off[1]);
    if (p->limit > 0) PUT("No progress: %d of %d plies\n", (int)p->noprogress, (int)p->limit);
    else PUT("No progress: %d plies (no limit)\n", (int)p->noprogress);
    PUT("Ply:         %d\n", (int)p->ply);
#undef PUT
}

/* ---- move text: <from><to> (zoom or boom) or <from>off ---- */

Move bz_parse_move(const GamePos *gp, const char *text) {
    const BZPos *p = (const BZPos *)gp;
    int ff, fr, tf, tr;
    int a = square_parse(text, 8, 8, &ff, &fr);
    if (!a) return MOVE_NONE;
    int from = b8_sq(ff, fr);
    Move m;
    if (word_is(text + a, "off")) {
        m = mv_make(from, 0, MF_OFF);
    } else {
        int b = square_parse(text + a, 8, 8, &tf, &tr);
        if (!b || text[a + b]) return MOVE_NONE;
        int to = b8_sq(tf, tr);
        m = mv_make(from, to, p->occ[p->stm ^ 1] & bb_bit(to) ? MF_BOOM : 0);
    }
    return bz_is_legal(gp, m) ? m : MOVE_NONE;
}

void bz_print_move(const GamePos *gp, Move m, char *out) {
    (void)gp;
    char a[4], b[4];
    if (m == MOVE_NONE) {
        strcpy(out, "0000");
        return;
    }
    square_name(b8_file(mv_from(m)), b8_rank(mv_from(m)), a);
    if (m & MF_OFF) {
        snprintf(out, MOVE_STR_MAX, "%soff", a);
        return;
    }
    square_name(b8_file(mv_to(m)), b8_rank(mv_to(m)), b);
    snprintf(out, MOVE_STR_MAX, "%s%s", a, b);
}

/* Why a finished game ended (rules file, Game end and result): a player without towers,
 * or the no-progress limit; then the checkers borne off, which score every end. */
void bz_end_reason(const GamePos *gp, char *out) {
    const BZPos *p = (const BZPos *)gp;
    char end[64], score[48];
    out[0] = '\0';
    if (!p->occ[BZ_P1] && !p->occ[BZ_P2]) snprintf(end, sizeof end, "no tower left on the board");
    else if (!p->occ[BZ_P1] || !p->occ[BZ_P2]) snprintf(end, sizeof end, "player %d has no tower left", p->occ[BZ_P1] ? 2 : 1);
    else if (p->limit > 0 && p->noprogress >= p->limit) snprintf(end, sizeof end, "%d plies without a boom or bear-off", (int)p->noprogress);
    else return;
    int a = p->off[BZ_P1], b = p->off[BZ_P2];
    if (a == b) snprintf(score, sizeof score, "both bore off %d", a);
    else snprintf(score, sizeof score, "player %d bore off more, %d to %d", a > b ? 1 : 2, a > b ? a : b, a > b ? b : a);
    snprintf(out, REASON_STR_MAX, "%s; %s", end, score);
}
