/* adjudicate.h — when `simia datagen` scores a game without playing it out: a win once the
 * searches agree on a decided score for some plies in a row, a draw after a long dead stretch. */
#ifndef SIMIA_ADJUDICATE_H
#define SIMIA_ADJUDICATE_H

#include <stddef.h>

#include "engine/types.h"

typedef struct {
    int win_score, win_plies;               /* win_plies 0: never a win */
    int draw_score, draw_plies, draw_after; /* draw_plies 0: never a draw */
} Adjudication;

/* Where a game stands: the runs of plies that agree so far. */
typedef struct {
    int win_run, win_player, forced_run, forced_player, draw_run;
} AdjudicationState;

void adjudication_defaults(Adjudication *a);
/* --adjudicate-win SCORE:PLIES or off; --adjudicate-draw SCORE:PLIES:AFTER or off. False
 * with a reason in err (ERR_STR_MAX) on anything else. */
bool adjudication_parse_win(Adjudication *a, const char *text, char *err);
bool adjudication_parse_draw(Adjudication *a, const char *text, char *err);
/* The rule in words, for the job's first line; draws: whether the game can draw. */
void adjudication_describe(const Adjudication *a, bool draws, char *out, size_t size);

/* One searched ply of a game: the position's ply (from the game's first position), the
 * player deciding (PLAYER_1 or PLAYER_2) and the search's score for them (scored false: the
 * search gave none, which breaks every run). The game's result once the rule decides it,
 * else RESULT_NONE: a win once PLIES plies in a row give one player SCORE or more, or two
 * plies in a row a forced win (both players' searches see it; SCORE_WIN_MIN and beyond); a
 * draw (only where the game draws) once PLIES plies in a row from ply AFTER on are within
 * +-SCORE. */
GameResult adjudication_step(const Adjudication *a, AdjudicationState *s, bool draws, int ply, int player,
                             Score score, bool scored);

#endif
