/* dt_testutil.h — helpers of the Dragons Teeth suites: the game and its builds, options,
 * and positions built from a compact piece list, independently of the engine's printer. */
#ifndef SIMIA_DT_TESTUTIL_H
#define SIMIA_DT_TESTUTIL_H

#include "engine/games/dragonsteeth/dt_game.h"
#include "testutil.h"

/* The options as GameConfig holds them: Setup (0 = A, 1 = B), NoProgressPlies, DeadPosition. */
static inline GameConfig dt_cfg(int setup, int limit, int dead) {
    GameConfig c = {{setup, limit, dead}};
    return c;
}
static inline GameConfig dt_default_cfg(void) { return dt_cfg(0, 150, 1); }

/* A tooth: T = player 1, t = player 2, then its strength, 1 when left out. */
static inline void dt_piece(char *cell, size_t size, const char *piece) {
    int s = piece[1] ? atoi(piece + 1) : 1;
    ck_assert_msg((piece[0] == 'T' || piece[0] == 't') && s >= 1 && s <= 3, "tooth '%s'", piece);
    if (s == 1) snprintf(cell, size, "%c", piece[0]);
    else snprintf(cell, size, "%c[%d]", piece[0], s);
}

/* A position string from "T3:d4 t:e5 t2:a1" (dt_piece), then the side (1 or 2), the off
 * totals and the counters. */
static inline void dt_fen(char *out, const char *pieces, int side, int off1, int off2, int noprog, int ply) {
    char *o = piece_board(out, 8, 8, pieces, dt_piece);
    sprintf(o, " %d %d %d %d %d", side, off1, off2, noprog, ply);
}

static inline void dt_parse_ok(const GameOps *g, GamePos *p, const char *fen, GameConfig cfg) {
    char err[ERR_STR_MAX] = "";
    ck_assert_msg(g->parse_pos(p, fen, &cfg, err), "parse '%s': %s", fen, err);
}

/* Sets p up from a piece list with the default options. */
static inline void dt_setup(const GameOps *g, GamePos *p, const char *pieces, int side, int off1, int off2) {
    char fen[POS_STR_MAX];
    dt_fen(fen, pieces, side, off1, off2, 0, 20);
    dt_parse_ok(g, p, fen, dt_default_cfg());
}

/* Whether the move text is legal in p. */
static inline bool dt_legal(const GameOps *g, const GamePos *p, const char *move) {
    return g->parse_move(p, move) != MOVE_NONE;
}

#endif
