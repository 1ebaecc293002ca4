/* bz_testutil.h — what the Boom & Zoom suites share: the game's builds, its config, parsing
 * and playing by text, positions built from a piece list independently of the printer. */
#ifndef SIMIA_BZ_TESTUTIL_H
#define SIMIA_BZ_TESTUTIL_H

#include "engine/games/boomzoom/bz_game.h"
#include "testutil.h"

static inline GameConfig bz_cfg(int no_progress) {
    GameConfig c = {{no_progress}};
    return c;
}

static inline void bz_parse_ok(const GameOps *g, GamePos *p, const char *fen, int limit) {
    char err[ERR_STR_MAX] = "";
    GameConfig cfg = bz_cfg(limit);
    ck_assert_msg(g->parse_pos(p, fen, &cfg, err), "parse '%s': %s", fen, err);
}

/* A tower: T = player 1, t = player 2, then the height, 1 when left out. */
static inline void bz_piece(char *cell, size_t size, const char *piece) {
    ck_assert_msg((piece[0] == 'T' || piece[0] == 't') && (!piece[1] || !piece[2]), "tower '%s'", piece);
    int h = piece[1] ? piece[1] - '0' : 1;
    if (h > 1) snprintf(cell, size, "%c[%d]", piece[0], h % 10);
    else snprintf(cell, size, "%c", piece[0]);
}

/* Builds a position string from "T3:d4 t:d8 t2:h1" (bz_piece), the side (1 or 2) and the four
 * numbers. */
static inline void bz_build_fen(char *out, const char *pieces, int side, int off1, int off2, int np, int ply) {
    char *o = piece_board(out, 8, 8, pieces, bz_piece);
    sprintf(o, " %d %d %d %d %d", side, off1, off2, np, ply);
}

static inline void bz_setup(const GameOps *g, GamePos *p, const char *pieces, int side, int off1, int off2) {
    char fen[POS_STR_MAX];
    bz_build_fen(fen, pieces, side, off1, off2, 0, 20);
    bz_parse_ok(g, p, fen, 100);
}

#endif
