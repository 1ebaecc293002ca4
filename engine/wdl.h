/* wdl.h — the score-to-result model: what a search score says of the chances of a win, a
 * draw and a loss (UCI_ShowWDL, the strength limit's choice), from each game's constants. */
#ifndef SIMIA_WDL_H
#define SIMIA_WDL_H

#include "game.h"

/* The scale of a game that declares none: the trainer's default (train.py --scale-wdl). */
enum { WDL_SCALE_DEFAULT = 400 };

/* win = 1/(1+exp((draw - s)/scale)), loss = 1/(1+exp((draw + s)/scale)), draw the rest, for
 * a score s (centi-units) of the player to move: a logistic whose centre moves by draw either
 * way, so that scores near 0 keep a draw share (none where draw is 0). */
typedef struct {
    double scale, draw;
} WdlModel;

struct NnueNet;
/* The model of game g's scores as the search gives them: with net (the net in use, or NULL)
 * its own fitted scale when it carries one (the draw margin scaled alike), else the game's
 * declaration (GameCalibration), else the default with no draws. */
WdlModel wdl_model(const GameOps *g, const struct NnueNet *net);
/* The chances of score s for the player to move, per mille: wdl[0] win, wdl[1] draw, wdl[2]
 * loss, summing to 1000. A forced win (beyond SCORE_WIN_MIN) is 1000 0 0, a forced loss 0 0 1000. */
void wdl_of(const WdlModel *m, Score s, int wdl[3]);
/* The expected result of score s, per mille: the win's share plus half the draw's. */
int wdl_expected(const WdlModel *m, Score s);

#endif
