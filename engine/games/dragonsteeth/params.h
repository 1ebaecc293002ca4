/* params.h — Dragons Teeth's own values of the search parameters (engine/params.h): those the
 * SPSA tune at 150,000 nodes of 2026-12-03 moved, shipped on a match won at 300,000 nodes. */
#ifndef SIMIA_DT_PARAMS_H
#define SIMIA_DT_PARAMS_H

#include "../../params.h"

/* bench/spsa.py, 70 iterations of 30 game pairs at 150,000 nodes a move (4,200 games), from
 * the defaults. A first tune at 30,000 nodes won there and did not hold at 100,000 and beyond,
 * the depths a move reaches on the clock: a table is tuned near the depth it will play. */
static const SearchParamOverride DT_SEARCH_PARAMS[] = {
    {"RfpDepth", 5}, {"RfpMargin", 63}, {"LmrBase", 40}, {"LmrDiv", 223}, {"HistMul", 36},
    {"HistMax", 2370}, {"AspDelta", 27}, {"QsFutMargin", 144}, {"LmrHist", 681}, {"CorrHist", 6},
    {"ContHist", 1}, {"LmrImproving", 1},
};

#endif
