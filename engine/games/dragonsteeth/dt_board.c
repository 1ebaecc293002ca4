/* dt_board.c — Dragons Teeth positions and notation: the two set-ups, the position string
 * (parsed strictly, each refusal naming its field; printed), move text, display, why it ended. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "../common/fields.h"
#include "dt.h"
#include "../common/fail.h"

static const char *const PLAYER_NAME[2] = {"player 1", "player 2"};

/* Puts a tooth of strength s of player c on the empty square sq. */
static void put(DTPos *p, int sq, int c, int s) {
    p->occ[c] |= bb_bit(sq);
    p->by_str[c][s] |= bb_bit(sq);
    p->str[sq] = (uint8_t)s;
    p->material[c] = (uint8_t)(p->material[c] + s);
    uint64_t *a = p->assist.w[c];
    for (int i = 0; i < 8; i++) a[i] += dt_king_bytes[sq][i] * (uint64_t)s;
}

Key dt_compute_key(const DTPos *p) {
    Key k = 0;
    for (int c = 0; c < 2; c++) {
        for (Bb b = p->occ[c]; b;) {
            int sq = bb_pop_lsb(&b);
            k ^= dt_z_tooth[c][p->str[sq]][sq];
        }
        k ^= dt_z_off[c][p->off[c]];
    }
    if (p->stm == PLAYER_2) k ^= dt_z_side;
    if (!p->dead_rule) k ^= dt_z_nodead;
    return k;
}

static void clear(DTPos *p, const GameConfig *cfg) {
    memset(p, 0, sizeof *p);
    p->limit = cfg->v[DT_OPT_NOPROGRESS];
    p->dead_rule = (uint8_t)(cfg->v[DT_OPT_DEAD] != 0);
}

/* Setup A: small teeth on ranks 4 and 5; setup B: on ranks 3 and 6 (rules file). */
void dt_startpos(GamePos *gp, const GameConfig *cfg) {
    DTPos *p = (DTPos *)gp;
    memset(gp, 0, sizeof *gp);
    clear(p, cfg);
    int small = cfg->v[DT_OPT_SETUP] == 1 ? 2 : 3;
    for (int f = 0; f < 8; f++) {
        put(p, b8_sq(f, 0), PLAYER_1, 3);
        put(p, b8_sq(f, 1), PLAYER_1, 2);
        put(p, b8_sq(f, small), PLAYER_1, 1);
        put(p, b8_sq(f, 7), PLAYER_2, 3);
        put(p, b8_sq(f, 6), PLAYER_2, 2);
        put(p, b8_sq(f, 7 - small), PLAYER_2, 1);
    }
    p->key = dt_compute_key(p);
}

/* The board mirrored left to right: moves, eliminations (the helpers next to the target),
 * exits along the forward lines and the pass map one to one; no rule has a side. */
bool dt_mirror(GamePos *gp) {
    const DTPos *p = (const DTPos *)gp;
    DTPos m;
    memset(&m, 0, sizeof m);
    m.limit = p->limit, m.dead_rule = p->dead_rule;
    for (int c = 0; c < 2; c++)
        for (Bb b = p->occ[c]; b;) {
            int sq = bb_pop_lsb(&b);
            put(&m, b8_mirror_sq(sq), c, p->str[sq]);
        }
    m.stm = p->stm, m.off[0] = p->off[0], m.off[1] = p->off[1], m.noprog = p->noprog, m.ply = p->ply;
    m.key = dt_compute_key(&m);
    memset(gp, 0, sizeof *gp);
    memcpy(gp, &m, sizeof m);
    return true;
}

/* ---- position string ----------------------------------------------------------------
 * <board> <side> <off1> <off2> <noprogress> <ply>: see the rules file and README.md. */

/* A field quoted in a message: at most 20 characters, and never a byte that is not
 * printable (the protocol escapes its own quotes, but a message stays readable alone). */
static const char *quoted(const char *s, char out[32]) {
    int n = 0;
    for (; s[n] && n < 20; n++) out[n] = s[n] > ' ' && s[n] < 127 ? s[n] : '?';
    if (s[n]) out[n++] = '.', out[n++] = '.', out[n++] = '.';
    out[n] = 0;
    return out;
}

bool dt_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err) {
    char buf[POS_STR_MAX + 1], q[32];
    char *f[7];
    int n = fields_split(text, buf, sizeof buf, f, 6);
    if (n < 0) return kit_fail(err, "position string: longer than %d characters", POS_STR_MAX);
    if (n != 6) return fields_count_fail(err, n, 6, "board side off1 off2 noprogress ply");
    B8Cell cells[B8_SQ];
    if (!b8_parse_board(f[0], cells, "Tt", 2, 3, err)) return false;
    DTPos p;
    clear(&p, cfg);
    int count[2][4] = {{0}};
    for (int sq = 0; sq < B8_SQ; sq++) {
        if (!cells[sq].piece) continue;
        int c = cells[sq].piece == 'T' ? PLAYER_1 : PLAYER_2, s = cells[sq].height;
        if (++count[c][s] > DT_TEETH_PER_KIND)
            return kit_fail(err, "board: %s has more than %d teeth of strength %d", PLAYER_NAME[c], DT_TEETH_PER_KIND, s);
        put(&p, sq, c, s);
    }
    if (strcmp(f[1], "1") && strcmp(f[1], "2"))
        return kit_fail(err, "side: '%s', expected 1 or 2 (the player to move)", quoted(f[1], q));
    p.stm = f[1][0] == '1' ? PLAYER_1 : PLAYER_2;
    long v[4];
    static const char *const NAMES[4] = {"off1", "off2", "noprogress", "ply"};
    static const long MAX[4] = {DT_MAX_OFF, DT_MAX_OFF, DT_MAX_COUNTER, DT_MAX_COUNTER};
    for (int i = 0; i < 4; i++)
        if (!field_uint(f[2 + i], 0, MAX[i], &v[i]))
            return kit_fail(err, "%s: '%s', expected a number 0..%ld without sign or leading zeros", NAMES[i],
                        quoted(f[2 + i], q), MAX[i]);
    if (v[0] >= DT_WIN_OFF && v[1] >= DT_WIN_OFF)
        return kit_fail(err, "off1 and off2: both players have %d or more off (%ld and %ld); only one can win", DT_WIN_OFF,
                    v[0], v[1]);
    p.off[0] = (uint8_t)v[0];
    p.off[1] = (uint8_t)v[1];
    p.noprog = (int32_t)v[2];
    p.ply = (int32_t)v[3];
    p.key = dt_compute_key(&p);
    memset(gp, 0, sizeof *gp);
    memcpy(gp, &p, sizeof p);
    return true;
}

static void cells_of(const DTPos *p, B8Cell cells[B8_SQ]) {
    memset(cells, 0, sizeof *cells * B8_SQ);
    for (int c = 0; c < 2; c++)
        for (Bb b = p->occ[c]; b;) {
            int sq = bb_pop_lsb(&b);
            cells[sq].piece = c == PLAYER_1 ? 'T' : 't';
            cells[sq].height = p->str[sq];
        }
}

void dt_print_pos(const GamePos *gp, char *out) {
    const DTPos *p = (const DTPos *)gp;
    B8Cell cells[B8_SQ];
    cells_of(p, cells);
    int n = b8_print_board(cells, out);
    snprintf(out + n, (size_t)(POS_STR_MAX - n), " %d %d %d %d %d", p->stm + 1, p->off[0], p->off[1], (int)p->noprog,
             (int)p->ply);
}

void dt_display(const GamePos *gp, char *out, size_t size) {
    const DTPos *p = (const DTPos *)gp;
    B8Cell cells[B8_SQ];
    cells_of(p, cells);
    size_t n = b8_display(cells, out, size);
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    PUT("\nTo move:  player %d (%s, exits through rank %d)\n", p->stm + 1, p->stm == PLAYER_1 ? "T" : "t",
        p->stm == PLAYER_1 ? 8 : 1);
    for (int c = 0; c < 2; c++)
        PUT("Player %d: %d off, %d on the board (%d + %d + %d teeth of strength 1, 2, 3)\n", c + 1, p->off[c],
            p->material[c], bb_popcount(p->by_str[c][1]), bb_popcount(p->by_str[c][2]), bb_popcount(p->by_str[c][3]));
    if (p->limit) PUT("No progress: %d plies (the game is drawn at %d)\n", (int)p->noprog, (int)p->limit);
    else PUT("No progress: %d plies (NoProgressPlies off)\n", (int)p->noprog);
    PUT("Ply:      %d\n", (int)p->ply);
#undef PUT
}

/* Why a finished game ended (rules file, Game end and result, in its order): 6 or more
 * off, the dead position, the no-progress limit. A player without moves passes. */
void dt_end_reason(const GamePos *gp, char *out) {
    const DTPos *p = (const DTPos *)gp;
    out[0] = '\0';
    if (dt_terminal_of(p) == OUTCOME_ONGOING) return;
    int w = p->off[p->stm] >= DT_WIN_OFF ? p->stm : p->stm ^ 1; /* as dt_terminal_of */
    if (p->off[w] >= DT_WIN_OFF)
        snprintf(out, REASON_STR_MAX, "player %d moved %d strength off, %d or more wins", w + 1, p->off[w], DT_WIN_OFF);
    else if (p->dead_rule && p->off[0] + p->material[0] < DT_WIN_OFF && p->off[1] + p->material[1] < DT_WIN_OFF)
        snprintf(out, REASON_STR_MAX, "dead position: neither player can reach %d off", DT_WIN_OFF);
    else snprintf(out, REASON_STR_MAX, "%d plies without an elimination or exit", (int)p->noprog);
}

/* ---- move text ---------------------------------------------------------------------- */

Move dt_parse_move(const GamePos *gp, const char *text) {
    const DTPos *p = (const DTPos *)gp;
    if (word_is(text, "pass")) return KIT_HOT(dt_is_legal)(gp, DT_MOVE_PASS) ? DT_MOVE_PASS : MOVE_NONE;
    int ff, fr, tf, tr;
    int a = square_parse(text, 8, 8, &ff, &fr);
    if (!a) return MOVE_NONE;
    int from = b8_sq(ff, fr), s = p->str[from], me = p->stm;
    if (!(p->occ[me] & bb_bit(from))) return MOVE_NONE;
    Move m;
    if (word_is(text + a, "off")) {
        m = dt_exit(from, s);
    } else {
        int b = square_parse(text + a, 8, 8, &tf, &tr);
        if (!b || text[a + b]) return MOVE_NONE;
        int to = b8_sq(tf, tr);
        m = p->occ[me ^ 1] & bb_bit(to) ? dt_capture(from, to, s, p->str[to]) : dt_quiet(from, to, s);
    }
    return KIT_HOT(dt_is_legal)(gp, m) ? m : MOVE_NONE;
}

void dt_print_move(const GamePos *gp, Move m, char *out) {
    (void)gp;
    if (m == MOVE_NONE) {
        strcpy(out, "0000");
    } else if (m == DT_MOVE_PASS) {
        strcpy(out, "pass");
    } else { /* by hand: tests and playouts print millions of moves */
        int from = dt_from(m), to = dt_to(m);
        out[0] = (char)('a' + b8_file(from)), out[1] = (char)('1' + b8_rank(from));
        if (m & DT_MF_EXIT) memcpy(out + 2, "off", 4);
        else out[2] = (char)('a' + b8_file(to)), out[3] = (char)('1' + b8_rank(to)), out[4] = 0;
    }
}

/* A pass, for the search's null move: only the player to move changes (the counters are
 * left alone: a null move is no ply of the game). */
bool dt_make_null(GamePos *gp, GameUndo *gu) {
    DTPos *p = (DTPos *)gp;
    ((DTUndo *)gu)->key = p->key;
    p->key ^= dt_z_side;
    p->stm ^= 1;
    return true;
}

void dt_unmake_null(GamePos *gp, const GameUndo *gu) {
    DTPos *p = (DTPos *)gp;
    p->key = ((const DTUndo *)gu)->key;
    p->stm ^= 1;
}
