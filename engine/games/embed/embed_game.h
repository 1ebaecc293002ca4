/* embed_game.h — the Embed game module as the core sees it: one table of operations
 * (rules: Ty Bomba, New Millennium Checkers, 2005; readings as the rules file resolves them). */
#ifndef SIMIA_EMBED_GAME_H
#define SIMIA_EMBED_GAME_H

#include "../../game.h"

/* The portable table (for the registry's list; play with what its init returns). */
extern const GameOps EMBED;

/* Every build of the module this CPU can run, portable first, best last (at most
 * EM_MAX_VARIANTS): what init chooses from, and what tests and benchmarks compare. */
#define EM_MAX_VARIANTS 2
int em_variants(const GameOps **out);

#endif
