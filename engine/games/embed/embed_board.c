/* embed_board.c — Embed positions and notation: the start positions, the position string
 * (parsed strictly with a reason for every refusal, printed canonically), move text, the
 * board for people and the null move. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../common/fields.h"
#include "embed.h"
#include "../common/fail.h"

/* The two readings of the sheet's diagram (rules file: option Setup). */
static const char *const START[2] = {
    [EM_SETUP_STANDARD] = "8/dddddddd/dddddddd/dddBdddd/DDDDbDDD/DDDDDDDD/DDDDDDDD/8 1 0 0",
    [EM_SETUP_HOMEROWS] = "dddddddd/dddddddd/dddBdddd/8/8/DDDDbDDD/DDDDDDDD/DDDDDDDD 1 0 0",
};

/* Piece letters: uppercase for player 1, lowercase for player 2. */
static const char DRONE_CH[2] = {'D', 'd'}, BOSS_CH[2] = {'B', 'b'};

Key em_compute_key(const EmPos *p) {
    Key k = p->stm == EM_P2 ? em_z_side : 0;
    for (int s = 0; s < 2; s++) {
        k ^= em_z_boss[s][p->boss[s]];
        for (Bb b = p->drones[s]; b; b &= b - 1) k ^= em_z_drone[s][bb_lsb(b)];
    }
    return k;
}

void em_startpos(GamePos *gp, const GameConfig *cfg) {
    char err[ERR_STR_MAX];
    int setup = cfg->v[EM_OPT_SETUP] == EM_SETUP_HOMEROWS ? EM_SETUP_HOMEROWS : EM_SETUP_STANDARD;
    bool ok = em_parse_pos(gp, START[setup], cfg, err);
    (void)ok; /* the strings above are valid (tested) */
}

/* The board mirrored left to right: queen lines, captures, embedding (a boss's
 * neighbours) and the goal rows map one to one; no rule has a side. */
bool em_mirror(GamePos *gp) {
    const EmPos *p = (const EmPos *)gp;
    GamePos g;
    EmPos *m = (EmPos *)&g;
    memset(&g, 0, sizeof g);
    for (int s = 0; s < 2; s++)
        m->drones[s] = b8_mirror(p->drones[s]), m->boss[s] = (uint8_t)b8_mirror_sq(p->boss[s]);
    m->stm = p->stm, m->limit = p->limit, m->noprogress = p->noprogress, m->ply = p->ply;
    m->key = em_compute_key(m);
    memcpy(gp, &g, sizeof g);
    return true;
}

/* The start of a field as it may be quoted in a message: at most 20 characters, anything
 * unprintable shown as '?'. */
static const char *quoted(const char *s, char out[24]) {
    int n = 0;
    for (; s[n] && n < 20; n++) out[n] = isprint((unsigned char)s[n]) ? s[n] : '?';
    if (s[n]) out[n++] = '.', out[n++] = '.';
    out[n] = '\0';
    return out;
}

static bool parse_board(EmPos *p, const char *text, char *err) {
    B8Cell cells[B8_SQ];
    if (!b8_parse_board(text, cells, "DBdb", 1, 0, err)) return false;
    int bosses[2] = {0, 0}, where[2][2] = {{0, 0}, {0, 0}};
    for (int sq = 0; sq < B8_SQ; sq++) {
        char c = cells[sq].piece;
        if (!c) continue;
        int side = islower((unsigned char)c) ? EM_P2 : EM_P1;
        if (c == BOSS_CH[side]) {
            if (bosses[side] < 2) where[side][bosses[side]] = sq;
            bosses[side]++;
            p->boss[side] = (uint8_t)sq;
        } else {
            p->drones[side] |= bb_bit(sq);
        }
    }
    for (int s = 0; s < 2; s++) {
        if (bosses[s] == 0) return kit_fail(err, "board: player %d has no boss ('%c')", s + 1, BOSS_CH[s]);
        if (bosses[s] > 1) {
            char a[4], b[4];
            square_name(b8_file(where[s][0]), b8_rank(where[s][0]), a);
            square_name(b8_file(where[s][1]), b8_rank(where[s][1]), b);
            return kit_fail(err, "board: player %d has %d bosses ('%c' on %s and %s); exactly one each", s + 1,
                        bosses[s], BOSS_CH[s], a, b);
        }
        int n = bb_popcount(p->drones[s]);
        if (n > EM_DRONES_MAX)
            return kit_fail(err, "board: player %d has %d drones ('%c'); at most %d", s + 1, n, DRONE_CH[s],
                        EM_DRONES_MAX);
    }
    return true;
}

/* <board> <side> <noprogress> <ply> (the rules file's Notation). */
bool em_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err) {
    char buf[POS_STR_MAX], *f[4], q[24];
    int n = fields_split(text, buf, sizeof buf, f, 4);
    if (n < 0) return kit_fail(err, "position string: longer than %d characters", POS_STR_MAX - 1);
    if (n != 4) return fields_count_fail(err, n, 4, "board side noprogress ply");
    EmPos p;
    memset(&p, 0, sizeof p); /* every byte defined: positions are compared bytewise */
    if (!parse_board(&p, f[0], err)) return false;
    if (strcmp(f[1], "1") && strcmp(f[1], "2"))
        return kit_fail(err, "side to move: '%s', expected 1 or 2 (the player to move)", quoted(f[1], q));
    p.stm = f[1][0] == '1' ? EM_P1 : EM_P2;
    long np, ply;
    if (!field_uint(f[2], 0, EM_MAX_COUNTER, &np))
        return kit_fail(err, "no-progress counter: '%s', expected a number 0..%d without leading zeros",
                    quoted(f[2], q), EM_MAX_COUNTER);
    if (!field_uint(f[3], 0, EM_MAX_COUNTER, &ply))
        return kit_fail(err, "ply: '%s', expected a number 0..%d without leading zeros", quoted(f[3], q),
                    EM_MAX_COUNTER);
    p.noprogress = (int32_t)np;
    p.ply = (int32_t)ply;
    p.limit = cfg->v[EM_OPT_NOPROGRESS];
    p.key = em_compute_key(&p);
    memset(gp, 0, sizeof *gp);
    memcpy(gp, &p, sizeof p);
    return true;
}

static void to_cells(const EmPos *p, B8Cell cells[B8_SQ]) {
    memset(cells, 0, sizeof *cells * B8_SQ);
    for (int s = 0; s < 2; s++) {
        for (Bb b = p->drones[s]; b; b &= b - 1) cells[bb_lsb(b)] = (B8Cell){DRONE_CH[s], 1};
        cells[p->boss[s]] = (B8Cell){BOSS_CH[s], 1};
    }
}

void em_print_pos(const GamePos *gp, char *out) {
    const EmPos *p = (const EmPos *)gp;
    B8Cell cells[B8_SQ];
    to_cells(p, cells);
    int n = b8_print_board(cells, out);
    snprintf(out + n, (size_t)(POS_STR_MAX - n), " %d %d %d", p->stm + 1, (int)p->noprogress, (int)p->ply);
}

void em_display(const GamePos *gp, char *out, size_t size) {
    const EmPos *p = (const EmPos *)gp;
    B8Cell cells[B8_SQ];
    to_cells(p, cells);
    size_t n = b8_display(cells, out, size);
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    PUT("\nTo move:     player %d (%s)\n", p->stm + 1, p->stm == EM_P1 ? "Red, D/B" : "Black, d/b");
    PUT("Drones:      %d (player 1), %d (player 2)\n", bb_popcount(p->drones[0]), bb_popcount(p->drones[1]));
    if (p->limit) PUT("No-progress: %d of %d plies\n", (int)p->noprogress, (int)p->limit);
    else PUT("No-progress: %d plies (no limit)\n", (int)p->noprogress);
    PUT("Ply:         %d\n", (int)p->ply);
#undef PUT
}

/* ---- move text ---- */

Move em_parse_move(const GamePos *gp, const char *text) {
    const EmPos *p = (const EmPos *)gp;
    int ff, fr, tf, tr;
    int a = square_parse(text, 8, 8, &ff, &fr), b = a ? square_parse(text + a, 8, 8, &tf, &tr) : 0;
    if (!a || !b || text[a + b]) return MOVE_NONE;
    int from = b8_sq(ff, fr), to = b8_sq(tf, tr), me = p->stm;
    Move flags = from == p->boss[me] ? EM_MF_BOSS : (p->drones[me ^ 1] >> to & 1) ? EM_MF_CAPTURE : 0;
    Move m = em_move(from, to, flags);
    return em_is_legal(gp, m) ? m : MOVE_NONE;
}

void em_print_move(const GamePos *gp, Move m, char *out) {
    (void)gp;
    if (m == MOVE_NONE) {
        strcpy(out, "0000");
        return;
    }
    int n = square_name(b8_file(em_from(m)), b8_rank(em_from(m)), out);
    square_name(b8_file(em_to(m)), b8_rank(em_to(m)), out + n);
}

/* A pass, for the search's null move: the other player is to move, nothing else changes
 * (the no-progress counter included: a pass is no move of the game). */
bool em_make_null(GamePos *gp, GameUndo *gu) {
    EmPos *p = (EmPos *)gp;
    ((EmUndo *)gu)->key = p->key;
    p->key ^= em_z_side;
    p->stm ^= 1;
    p->ply++;
    return true;
}

void em_unmake_null(GamePos *gp, const GameUndo *gu) {
    EmPos *p = (EmPos *)gp;
    p->key = ((const EmUndo *)gu)->key;
    p->stm ^= 1;
    p->ply--;
}
