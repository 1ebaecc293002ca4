/* params.h — Zoo Contest's own values of the search parameters (engine/params.h): those the
 * SPSA tune of 2026-12-03 moved, shipped on a match won against the engine's defaults. */
#ifndef SIMIA_ZOO_PARAMS_H
#define SIMIA_ZOO_PARAMS_H

#include "../../params.h"

/* bench/spsa.py, 80 iterations of 30 game pairs at 25,000 nodes a move (4,800 games), from
 * the defaults, but the reverse futility margin: the tune's 88 won nothing, 55 (where the
 * other games' tunes took it) won; the tune and the matches are on the game's page. */
static const SearchParamOverride ZOO_SEARCH_PARAMS[] = {
    {"RfpMargin", 55}, {"LmrBase", 42}, {"LmrDiv", 234}, {"HistMul", 30}, {"HistMax", 2372},
    {"AspDelta", 21}, {"QsFutMargin", 79}, {"LmrHist", 1049}, {"CorrHist", 1},
};

#endif
