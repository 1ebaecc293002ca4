/* params.h — M.A.D.'s own values of the search parameters (engine/params.h): those the
 * SPSA tune of 2026-12-03 moved, shipped on a match won against the engine's defaults. */
#ifndef SIMIA_MAD_PARAMS_H
#define SIMIA_MAD_PARAMS_H

#include "../../params.h"

/* bench/spsa.py, 80 iterations of 30 game pairs at 25,000 nodes a move (4,800 games), from
 * the defaults; the tune and the matches are on the game's page. */
static const SearchParamOverride MAD_SEARCH_PARAMS[] = {
    {"RfpDepth", 5}, {"RfpMargin", 43}, {"NmpBase", 4}, {"NmpDiv", 5}, {"LmrBase", 59},
    {"LmrDiv", 220}, {"HistMul", 36}, {"HistMax", 1995}, {"AspDelta", 23}, {"QsFutMargin", 99},
    {"LmrHist", 272}, {"CorrHist", 2}, {"LmrImproving", 1}, {"LmrKiller", 2},
};

#endif
