/* params.h — Boom & Zoom's own values of the search parameters (engine/params.h): those the
 * SPSA tune of 2026-12-03 moved, shipped on a match won against the engine's defaults. */
#ifndef SIMIA_BZ_PARAMS_H
#define SIMIA_BZ_PARAMS_H

#include "../../params.h"

/* bench/spsa.py, 100 iterations of 30 game pairs at 20,000 nodes a move (6,000 games), from
 * the defaults; the tune and the matches are on the game's page. */
static const SearchParamOverride BZ_SEARCH_PARAMS[] = {
    {"RfpDepth", 7},   {"RfpMargin", 53}, {"NmpBase", 4},      {"LmrBase", 48},     {"LmrDiv", 232},
    {"HistMul", 34},   {"HistMax", 2330}, {"AspDelta", 32},    {"QsFutMargin", 105}, {"ContHist", 1},
};

#endif
