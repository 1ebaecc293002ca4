/* embed_testutil.h — what Embed's suites share: the module's builds, option values, a
 * position from its string, and the legal moves as text. */
#ifndef SIMIA_EMBED_TESTUTIL_H
#define SIMIA_EMBED_TESTUTIL_H

#include "engine/games/embed/embed.h"
#include "engine/games/embed/embed_game.h"
#include "engine/prng.h"
#include "testutil.h"

static inline GameConfig em_cfg(int noprogress, int setup) {
    GameConfig c = {{noprogress, setup}};
    return c;
}
#define EM_DEFAULT_CFG em_cfg(150, EM_SETUP_STANDARD)

static inline void em_parse_ok(const GameOps *g, GamePos *p, const char *fen, int limit) {
    char err[ERR_STR_MAX] = "";
    GameConfig cfg = em_cfg(limit, EM_SETUP_STANDARD);
    ck_assert_msg(g->parse_pos(p, fen, &cfg, err), "parse '%s': %s", fen, err);
}

/* The refusal message of a position string (the string must be refused). */
static inline const char *em_refusal(const GameOps *g, const char *fen) {
    static char err[ERR_STR_MAX];
    GamePos p;
    GameConfig cfg = EM_DEFAULT_CFG;
    err[0] = '\0';
    ck_assert_msg(!g->parse_pos(&p, fen, &cfg, err), "'%s' should be refused", fen);
    ck_assert_msg(err[0], "no reason given for refusing '%s'", fen);
    return err;
}

/* A position string from "B:d5 b:e4 D:a1,b2 d:h8" (a letter, then its squares), the side
 * to move, the no-progress counter and the ply; written independently of the engine's
 * printer, so that tests check the notation rather than agree with themselves. */
static inline void em_fen(char *out, const char *pieces, int side, int noprogress, int ply) {
    char at[8][8][2], buf[512];
    memset(at, 0, sizeof at);
    snprintf(buf, sizeof buf, "%s", pieces);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        ck_assert_msg(tok[1] == ':', "piece list '%s'", pieces);
        for (char *sq = tok + 2; *sq; sq += sq[2] == ',' ? 3 : 2) {
            int f = sq[0] - 'a', r = sq[1] - '1';
            ck_assert_msg(f >= 0 && f < 8 && r >= 0 && r < 8 && !at[r][f][0], "piece list '%s'", pieces);
            at[r][f][0] = tok[0];
            if (!sq[2]) break;
        }
    }
    char *o = fen_board(out, 8, 8, &at[0][0][0], 2);
    sprintf(o, " %d %d %d", side, noprogress, ply);
}

/* The position of a piece list (see em_fen), parsed with the given no-progress limit. */
static inline void em_setup(const GameOps *g, GamePos *p, const char *pieces, int side, int noprogress, int limit) {
    char fen[POS_STR_MAX];
    em_fen(fen, pieces, side, noprogress, 10);
    em_parse_ok(g, p, fen, limit);
}

#endif
