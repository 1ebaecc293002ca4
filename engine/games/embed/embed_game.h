/* embed_game.h — the Embed game module as the core sees it: one table of operations
 * (rules: Ty Bomba, New Millennium Checkers, 2005; readings as the rules file resolves them). */
#ifndef SIMIA_EMBED_GAME_H
#define SIMIA_EMBED_GAME_H

#include "../../game.h"
#include "../common/hot.h"

/* The table of operations (complete once its init has run). */
extern GameOps EMBED;

/* Every build of the module this CPU can run, portable first, best last (at most
 * EM_MAX_VARIANTS): what init chooses from, and what tests and benchmarks compare. */
#define EM_MAX_VARIANTS KIT_MAX_BUILDS
int em_variants(const GameOps **out);

#endif
