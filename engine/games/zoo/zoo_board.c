/* zoo_board.c — Zoo Contest boards: an empty board of the configured size, placing pieces,
 * the start position and the board drawn for people (`d`). */
#include <stdio.h>
#include <string.h>

#include "zoo.h"

void zoo_clear(ZooPos *p, const GameConfig *cfg) {
    /* Every byte, padding included, so that positions compare bytewise. */
    memset(p, 0, sizeof *p);
    p->st.w = (uint8_t)cfg->v[ZOO_OPT_WIDTH];
    p->st.h = (uint8_t)cfg->v[ZOO_OPT_HEIGHT];
    p->st.longgame = (uint8_t)(cfg->v[ZOO_OPT_LONG] != 0);
    p->st.limit = cfg->v[ZOO_OPT_NOPROGRESS];
    p->st.esq[0] = p->st.esq[1] = p->st.msq[0] = p->st.msq[1] = ZOO_NO_SQ;
    memset(p->st.mice, ZOO_NO_SQ, sizeof p->st.mice);
}

/* Puts a piece on sq (the caller checks that the square may take it); no key update. */
void zoo_place(ZooPos *p, int pl, int kind, int sq, bool royal) {
    p->cell[sq] |= C_PIECE(pl, kind);
    switch (kind) {
    case K_ELEPHANT:
        p->st.esq[pl] = (uint8_t)sq;
        if (royal) p->st.royal |= (uint8_t)(1u << (2 * pl));
        break;
    case K_MONKEY:
        p->st.msq[pl] = (uint8_t)sq;
        if (royal) p->st.royal |= (uint8_t)(2u << (2 * pl));
        break;
    default:
        if (royal) p->cell[sq] |= C_T(pl);
        for (int i = 0; i < 4; i++)
            if (p->st.mice[pl][i] == ZOO_NO_SQ) {
                p->st.mice[pl][i] = (uint8_t)sq;
                break;
            }
        p->st.nmice[pl]++;
    }
}

/* Each player's elephant on his left corner, a mouse in the middle, the monkey on his
 * right corner; player 2 sits opposite, so his left is the last file. */
void zoo_startpos(GamePos *gp, const GameConfig *cfg) {
    ZooPos *p = (ZooPos *)gp;
    zoo_clear(p, cfg);
    int w = p->st.w, top = p->st.h - 1;
    zoo_place(p, 0, K_ELEPHANT, zoo_sq(0, 0), false);
    zoo_place(p, 0, K_MOUSE, zoo_sq(w / 2, 0), false);
    zoo_place(p, 0, K_MONKEY, zoo_sq(w - 1, 0), false);
    zoo_place(p, 1, K_ELEPHANT, zoo_sq(w - 1, top), false);
    zoo_place(p, 1, K_MOUSE, zoo_sq(w / 2, top), false);
    zoo_place(p, 1, K_MONKEY, zoo_sq(0, top), false);
    p->st.eflag = 3;
    p->st.key = zoo_compute_key(p);
}

/* The board mirrored left to right: steps, lines, spawns (one file either way), drops and
 * every retreat (directly away, the owner's or attacker's choice) map one to one. An
 * elephant that has never moved has no twin: its first-move restriction belongs to its
 * start corner (a flag on the other corner is no position), so such a position is left
 * as it is. The pieces are placed in the position string's order, as parsing places them. */
bool zoo_mirror(GamePos *gp) {
    const ZooPos *p = (const ZooPos *)gp;
    const ZooState *s = &p->st;
    if (s->eflag) return false;
    ZooPos m;
    memset(&m, 0, sizeof m);
    m.st = *s;
    m.st.esq[0] = m.st.esq[1] = m.st.msq[0] = m.st.msq[1] = ZOO_NO_SQ;
    memset(m.st.mice, ZOO_NO_SQ, sizeof m.st.mice);
    m.st.nmice[0] = m.st.nmice[1] = 0, m.st.royal = 0;
    for (int r = s->h - 1; r >= 0; r--)
        for (int f = 0; f < s->w; f++) {
            int from = zoo_sq(s->w - 1 - f, r);
            for (int k = 0; k < K_NB; k++)
                for (int pl = 0; pl < 2; pl++) {
                    if (!(p->cell[from] & C_PIECE(pl, k))) continue;
                    bool royal = k == K_ELEPHANT ? royal_e(p, pl)
                                 : k == K_MONKEY ? royal_m(p, pl)
                                                 : (p->cell[from] & C_T(pl)) != 0;
                    zoo_place(&m, pl, k, zoo_sq(f, r), royal);
                }
        }
    if (s->pend) m.st.pend_sq = (uint8_t)zoo_sq(s->w - 1 - zoo_file(s->pend_sq), zoo_rank(s->pend_sq));
    m.st.key = zoo_compute_key(&m);
    memcpy(gp, &m, sizeof m);
    return true;
}

/* The letters of a cell in the position string's order (elephants, monkeys, mice; player 1
 * first within a kind); returns how many. */
int zoo_cell_letters(const ZooPos *p, int sq, char *out) {
    static const char LETTER[K_NB][2] = {{'E', 'F'}, {'M', 'N'}, {'S', 'T'}};
    int n = 0;
    uint8_t c = p->cell[sq];
    for (int k = 0; k < K_NB; k++)
        for (int pl = 0; pl < 2; pl++) {
            if (!(c & C_PIECE(pl, k))) continue;
            bool royal = k == K_ELEPHANT ? royal_e(p, pl) : k == K_MONKEY ? royal_m(p, pl) : (c & C_T(pl)) != 0;
            char ch = LETTER[k][royal];
            out[n++] = pl ? (char)(ch - 'A' + 'a') : ch;
        }
    out[n] = 0;
    return n;
}

void zoo_display(const GamePos *gp, char *out, size_t size) {
    const ZooPos *p = (const ZooPos *)gp;
    const ZooState *s = &p->st;
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    PUT("\n    ");
    for (int f = 0; f < s->w; f++) PUT(" %c   ", 'a' + f); /* over the cell's first letter */
    PUT("\n");
    for (int r = s->h - 1; r >= 0; r--) {
        PUT("%3d ", r + 1);
        for (int f = 0; f < s->w; f++) {
            char letters[4];
            int k = zoo_cell_letters(p, zoo_sq(f, r), letters);
            PUT(" %-3s ", k ? letters : ".");
        }
        PUT(" %d\n", r + 1);
    }
    PUT("    ");
    for (int f = 0; f < s->w; f++) PUT(" %c   ", 'a' + f);
    PUT("\n\n");
    static const char *goal_names = "EMS";
    for (int pl = 0; pl < 2; pl++) {
        PUT("Player %d: pool %d, goals ", pl + 1, pool_of(p, pl));
        int any = 0;
        for (int k = 0; k < 3; k++)
            if (s->goals >> (3 * pl + k) & 1) PUT("%c", goal_names[k]), any = 1;
        PUT("%s%s\n", any ? "" : "none", s->eflag >> pl & 1 ? ", elephant not moved yet" : "");
    }
    char at[16]; /* room for any int the compiler cannot bound */
    if (s->pend) {
        snprintf(at, sizeof at, "%c%d", 'a' + zoo_file(s->pend_sq), zoo_rank(s->pend_sq) + 1);
        PUT("Pending: player %d's %s on %s must retreat (player %d moved)\n", s->pend_owner + 1,
            s->pend == PEND_ELEPHANT ? "elephant" : "monkey", at, s->pend_mover + 1);
    }
    PUT("To decide: player %d\nGame: %dx%d, %s game, no progress %d/%d, ply %d\n", s->side + 1, s->w, s->h,
        s->longgame ? "long" : "short", (int)s->noprog, (int)s->limit, (int)s->ply);
#undef PUT
}
