/* dt_game.h — the Dragons Teeth game module as the core sees it: one table of operations
 * (rules: Ty Bomba, New Millennium Checkers, 2005, as resolved in the rules file). */
#ifndef SIMIA_DT_GAME_H
#define SIMIA_DT_GAME_H

#include "../../game.h"
#include "../common/hot.h"

/* The table of operations (complete once its init has run). */
extern GameOps DRAGONS_TEETH;

/* Every build of the module this CPU can run, portable first, best last (at most
 * DT_MAX_VARIANTS): what init chooses from, and what tests and benchmarks compare. */
#define DT_MAX_VARIANTS KIT_MAX_BUILDS
int dt_variants(const GameOps **out);

#endif
