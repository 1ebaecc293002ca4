/* params.h — Embed's own values of the search parameters (engine/params.h): those the
 * SPSA tune of 2026-12-03 moved, shipped on a match won against the engine's defaults. */
#ifndef SIMIA_EMBED_PARAMS_H
#define SIMIA_EMBED_PARAMS_H

#include "../../params.h"

/* bench/spsa.py, 80 iterations of 30 game pairs at 30,000 nodes a move (4,800 games), from
 * the defaults; the tune and the matches are on the game's page. */
static const SearchParamOverride EMBED_SEARCH_PARAMS[] = {
    {"RfpMargin", 39}, {"NmpBase", 4}, {"LmrBase", 66}, {"LmrDiv", 214}, {"HistMul", 33},
    {"HistMax", 2132}, {"AspDelta", 31}, {"QsFutMargin", 83}, {"LmrHist", 892}, {"CorrHist", 1},
    {"ContHist", 1},
};

#endif
