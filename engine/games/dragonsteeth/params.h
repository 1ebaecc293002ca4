/* params.h — Dragons Teeth's own values of the search parameters (engine/params.h): those the
 * SPSA tune of 2026-12-03 moved, shipped on a match won against the engine's defaults. */
#ifndef SIMIA_DT_PARAMS_H
#define SIMIA_DT_PARAMS_H

#include "../../params.h"

/* bench/spsa.py, 80 iterations of 30 game pairs at 30,000 nodes a move (4,800 games), from
 * the defaults; the tune and the matches are on the game's page. */
static const SearchParamOverride DT_SEARCH_PARAMS[] = {
    {"RfpDepth", 7}, {"RfpMargin", 28}, {"NmpDiv", 3}, {"LmrBase", 58}, {"LmrDiv", 196},
    {"HistMul", 30}, {"HistMax", 2444}, {"AspDelta", 35}, {"QsFutMargin", 107}, {"LmrHist", 300},
    {"CorrHist", 5}, {"ContHist", 1}, {"LmrImproving", 1}, {"LmrKiller", 1},
};

#endif
