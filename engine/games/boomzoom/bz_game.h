/* bz_game.h — the Boom & Zoom game module as the core sees it: one table of operations
 * (rules: Ty Bomba, New Millennium Checkers, 2005, as resolved in the project's rules). */
#ifndef SIMIA_BZ_GAME_H
#define SIMIA_BZ_GAME_H

#include "../../game.h"
#include "../common/hot.h"

/* The table of operations (complete once its init has run). */
extern GameOps BOOM_ZOOM;

/* Every build of the module this CPU can run, portable first, best last (at most
 * BZ_MAX_VARIANTS): what init chooses from, and what tests and benchmarks compare. */
#define BZ_MAX_VARIANTS KIT_MAX_BUILDS
int bz_variants(const GameOps **out);

#endif
