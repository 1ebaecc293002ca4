/* wdl.c — the score-to-result model: each game's logistic scale and draw margin (or a net's
 * fitted scale, which describes that net's scores better), and chances per mille from it. */
#include "wdl.h"

#include <math.h>

#include "nnue/nnue.h"

/* A net's own score-to-result scale, 0 for none: net files of version 4 carry the one the
 * trainer fitted on held-out games (engine/nnue/NET.md), versions up to 3 none. It wins over
 * the game's constant for as long as that net plays. */
static double net_scale(const struct NnueNet *net) { return nnue_net_wdl_scale(net); }

WdlModel wdl_model(const GameOps *g, const struct NnueNet *net) {
    const GameCalibration *c = &g->calib;
    WdlModel m = {c->wdl_scale > 0 ? c->wdl_scale : WDL_SCALE_DEFAULT, c->wdl_scale > 0 ? c->wdl_draw : 0};
    double fitted = net ? net_scale(net) : 0;
    if (fitted > 0) {
        /* the same draw share at a level score: the margin keeps its ratio to the scale */
        m.draw *= fitted / m.scale;
        m.scale = fitted;
    }
    return m;
}

static double logistic(double x) { return 1.0 / (1.0 + exp(-x)); }

void wdl_of(const WdlModel *m, Score s, int wdl[3]) {
    if (s > SCORE_WIN_MIN || s < -SCORE_WIN_MIN) {
        wdl[0] = s > 0 ? 1000 : 0, wdl[1] = 0, wdl[2] = s > 0 ? 0 : 1000;
        return;
    }
    int win = (int)lround(1000.0 * logistic((s - m->draw) / m->scale));
    int loss = (int)lround(1000.0 * logistic((-s - m->draw) / m->scale));
    if (win + loss > 1000) loss = 1000 - win; /* rounding, where there are no draws */
    wdl[0] = win, wdl[1] = 1000 - win - loss, wdl[2] = loss;
}

int wdl_expected(const WdlModel *m, Score s) {
    int w[3];
    wdl_of(m, s, w);
    return w[0] + w[1] / 2;
}
