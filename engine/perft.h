/* perft.h — counting the leaves of the legal-move tree of any game, the yardstick of
 * move-generation correctness (and, with bulk counting, of its speed). */
#ifndef SIMIA_PERFT_H
#define SIMIA_PERFT_H

#include <stdio.h>

#include "game.h"

/* Leaves at depth (>= 0); the last ply is counted without making moves. */
uint64_t perft(const GameOps *g, GamePos *pos, int depth);
/* Per-root-move counts as "<move>: <count>" lines, then "Nodes searched: <total>". */
uint64_t perft_divide(const GameOps *g, GamePos *pos, int depth, FILE *out);

#endif
