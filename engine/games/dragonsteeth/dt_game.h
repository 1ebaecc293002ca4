/* dt_game.h — the Dragons Teeth game module as the core sees it: one table of operations
 * (rules: Ty Bomba, New Millennium Checkers, 2005, as resolved in the rules file). */
#ifndef SIMIA_DT_GAME_H
#define SIMIA_DT_GAME_H

#include "../../game.h"

/* The portable table (for the registry's list; play with what its init returns). */
extern const GameOps DRAGONS_TEETH;

/* Every build of the module this CPU can run, portable first, best last (at most
 * DT_MAX_VARIANTS): what init chooses from, and what tests and benchmarks compare. */
#define DT_MAX_VARIANTS 2
int dt_variants(const GameOps **out);

#endif
