/* mad_board.c — M.A.D. positions and notation: the start, the position string (parsed
 * strictly, naming the field and the reason of a refusal; printed), move text, display, why it ended. */
#include <stdio.h>
#include <string.h>

#include "../common/fields.h"
#include "mad.h"
#include "../common/fail.h"

Key mad_compute_key(const MadPos *p) {
    Key k = p->stm == PLAYER_2 ? mad_z_p2 : 0;
    for (int sq = 0; sq < B8_SQ; sq++) k ^= mad_z[mad_owner(p, sq)][sq][p->h[sq]];
    return k;
}

/* Eight stacks of 4 on rank 2 for player 1 and on rank 7 for player 2. */
void mad_startpos(GamePos *gp, const GameConfig *cfg) {
    memset(gp, 0, sizeof *gp);
    MadPos *p = (MadPos *)gp;
    for (int f = 0; f < 8; f++) {
        mad_set(p, b8_sq(f, 1), PLAYER_1, 4);
        mad_set(p, b8_sq(f, 6), PLAYER_2, 4);
    }
    p->stm = PLAYER_1;
    p->limit = cfg->v[MAD_OPT_NOPROGRESS];
    p->key = mad_compute_key(p);
}

/* The board mirrored left to right: simple moves, lunges along the eight lines and the
 * goal rows map one to one; no rule has a side. */
bool mad_mirror(GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    GamePos g;
    MadPos *m = (MadPos *)&g;
    memset(&g, 0, sizeof g);
    for (int sq = 0; sq < B8_SQ; sq++)
        if (p->h[sq]) mad_set(m, b8_mirror_sq(sq), mad_owner(p, sq), p->h[sq]);
    m->stm = p->stm, m->limit = p->limit, m->noprog = p->noprog, m->ply = p->ply;
    m->key = mad_compute_key(m);
    memcpy(gp, &g, sizeof g);
    return true;
}

/* ---- position string: <board> <side> <noprogress> <ply> ---- */

static bool parse_counter(const char *field, const char *name, int32_t *out, char *err) {
    long v;
    if (!field_uint(field, 0, MAD_MAX_PLY, &v))
        return kit_fail(err, "%s: '%.24s' is not a decimal 0-%d without leading zeros", name, field, MAD_MAX_PLY);
    *out = (int32_t)v;
    return true;
}

bool mad_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err) {
    char buf[POS_STR_MAX];
    char *f[4];
    int n = fields_split(text, buf, sizeof buf, f, 4);
    if (n < 0) return kit_fail(err, "position string: longer than %d characters", POS_STR_MAX - 1);
    if (n != 4) return fields_count_fail(err, n, 4, "board side noprogress ply");
    B8Cell cells[B8_SQ];
    if (!b8_parse_board(f[0], cells, "Cc", 2, MAD_MAX_HEIGHT, err)) return false;
    GamePos tmp;
    memset(&tmp, 0, sizeof tmp);
    MadPos *p = (MadPos *)&tmp;
    int checkers[2] = {0, 0};
    for (int sq = 0; sq < B8_SQ; sq++) {
        if (!cells[sq].piece) continue;
        int owner = cells[sq].piece == 'C' ? PLAYER_1 : PLAYER_2;
        checkers[owner] += cells[sq].height;
        mad_set(p, sq, owner, cells[sq].height);
    }
    for (int pl = 0; pl < 2; pl++)
        if (checkers[pl] > MAD_MAX_CHECKERS)
            return kit_fail(err, "board: player %d has %d checkers, more than %d", pl + 1, checkers[pl], MAD_MAX_CHECKERS);
    if (strcmp(f[1], "1") && strcmp(f[1], "2")) return kit_fail(err, "side: '%.24s' is not 1 or 2", f[1]);
    p->stm = f[1][0] == '1' ? PLAYER_1 : PLAYER_2;
    if (!parse_counter(f[2], "noprogress", &p->noprog, err) || !parse_counter(f[3], "ply", &p->ply, err))
        return false;
    p->limit = cfg->v[MAD_OPT_NOPROGRESS];
    p->key = mad_compute_key(p);
    memcpy(gp, &tmp, sizeof tmp);
    return true;
}

static void cells_of(const MadPos *p, B8Cell cells[B8_SQ]) {
    for (int sq = 0; sq < B8_SQ; sq++) {
        cells[sq].piece = p->h[sq] ? (mad_owner(p, sq) == PLAYER_1 ? 'C' : 'c') : 0;
        cells[sq].height = p->h[sq];
    }
}

void mad_print_pos(const GamePos *gp, char *out) {
    const MadPos *p = (const MadPos *)gp;
    B8Cell cells[B8_SQ];
    cells_of(p, cells);
    int n = b8_print_board(cells, out);
    snprintf(out + n, (size_t)(POS_STR_MAX - n), " %d %d %d", p->stm + 1, (int)p->noprog, (int)p->ply);
}

void mad_display(const GamePos *gp, char *out, size_t size) {
    const MadPos *p = (const MadPos *)gp;
    B8Cell cells[B8_SQ];
    cells_of(p, cells);
    size_t n = b8_display(cells, out, size);
    int checkers[2] = {0, 0};
    for (int sq = 0; sq < B8_SQ; sq++)
        if (p->h[sq]) checkers[mad_owner(p, sq)] += p->h[sq];
    char limit[32] = "off";
    if (p->limit) snprintf(limit, sizeof limit, "%d", (int)p->limit);
    snprintf(out + n, n < size ? size - n : 0,
             "\nTo move: player %d (%s)\nCheckers: player 1 (C) %d, player 2 (c) %d\n"
             "No-progress counter: %d (limit %s)\nPly: %d\n",
             p->stm + 1, p->stm == PLAYER_1 ? "C, towards rank 8" : "c, towards rank 1", checkers[0], checkers[1],
             (int)p->noprog, limit, (int)p->ply);
}

/* ---- move text: <from><to>[x<k>] ---- */

Move mad_parse_move(const GamePos *gp, const char *text) {
    const MadPos *p = (const MadPos *)gp;
    int ff, fr, tf, tr;
    int a = square_parse(text, 8, 8, &ff, &fr);
    int b = a ? square_parse(text + a, 8, 8, &tf, &tr) : 0;
    if (!a || !b) return MOVE_NONE;
    const char *rest = text + a + b;
    int from = b8_sq(ff, fr), to = b8_sq(tf, tr), k = 0;
    if (*rest) {
        if ((rest[0] != 'x' && rest[0] != 'X') || rest[1] < '1' || rest[1] > '3' || rest[2]) return MOVE_NONE;
        k = rest[1] - '0';
    }
    int df = tf > ff ? tf - ff : ff - tf, dr = tr > fr ? tr - fr : fr - tr;
    int dist = df > dr ? df : dr, n = p->h[from];
    bool combat = p->h[to] && mad_owner(p, to) != p->stm;
    Move m;
    if (dist == 1) {
        if (k && k >= n) return MOVE_NONE; /* the whole stack is written without a suffix */
        m = mv_make(from, to, k ? k : n, false, combat);
    } else {
        if (k || mad_dir[from][to] == DIR_NB) return MOVE_NONE;
        m = mv_make(from, to, dist, true, combat);
    }
    return n && KIT_HOT(mad_is_legal)(gp, m) ? m : MOVE_NONE;
}

void mad_print_move(const GamePos *gp, Move m, char *out) {
    const MadPos *p = (const MadPos *)gp;
    if (m == MOVE_NONE) {
        strcpy(out, "0000");
        return;
    }
    int from = mv_from(m), to = mv_to(m);
    int n = sprintf(out, "%c%d%c%d", 'a' + b8_file(from), b8_rank(from) + 1, 'a' + b8_file(to), b8_rank(to) + 1);
    if (!mv_lunge(m) && mv_count(m) < p->h[from]) sprintf(out + n, "x%d", mv_count(m));
}

/* Why a finished game ended: the rule of mad_status that holds, in words. */
void mad_end_reason(const GamePos *gp, char *out) {
    const MadPos *p = (const MadPos *)gp;
    int s = p->stm, m = s ^ 1;
    out[0] = '\0';
    for (int w = m, k = 0; k < 2; w = s, k++)
        if (p->atl[w][0] & mad_goal(w)) {
            snprintf(out, REASON_STR_MAX, "player %d reached rank %d, its goal row", w + 1, w == PLAYER_1 ? 8 : 1);
            return;
        }
    if (!p->atl[s][0] && !p->atl[m][0]) snprintf(out, REASON_STR_MAX, "neither player has a checker left");
    else if (!p->atl[s][0] || !p->atl[m][0]) snprintf(out, REASON_STR_MAX, "player %d has no checker left", (p->atl[s][0] ? m : s) + 1);
    else if (p->limit && p->noprog >= p->limit) snprintf(out, REASON_STR_MAX, "%d plies without combat", (int)p->noprog);
}
