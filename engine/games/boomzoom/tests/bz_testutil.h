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

/* Builds a position string from "T3:d4 t:d8 t2:h1" (T = player 1, t = player 2, then the
 * height, 1 when left out), the side (1 or 2) and the four numbers. */
static inline void bz_build_fen(char *out, const char *pieces, int side, int off1, int off2, int np, int ply) {
    char cells[8][8][8] = {{{0}}};
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", pieces);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *colon = strchr(tok, ':');
        ck_assert_ptr_nonnull(colon);
        int f = colon[1] - 'a', r = colon[2] - '1';
        ck_assert(f >= 0 && f < 8 && r >= 0 && r < 8 && !colon[3]);
        int h = colon == tok + 1 ? 1 : tok[1] - '0';
        if (h > 1) snprintf(cells[r][f], sizeof cells[r][f], "%c[%d]", tok[0], h % 10);
        else cells[r][f][0] = tok[0];
    }
    char *o = fen_board(out, 8, 8, &cells[0][0][0], 8);
    sprintf(o, " %d %d %d %d %d", side, off1, off2, np, ply);
}

static inline void bz_setup(const GameOps *g, GamePos *p, const char *pieces, int side, int off1, int off2) {
    char fen[POS_STR_MAX];
    bz_build_fen(fen, pieces, side, off1, off2, 0, 20);
    bz_parse_ok(g, p, fen, 100);
}

#endif
