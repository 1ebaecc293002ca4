/* mad_game.h — the M.A.D. game module as the core sees it: one table of operations
 * (rules: Ty Bomba, New Millennium Checkers, 2005, as the shared rules file mad.md plays them). */
#ifndef SIMIA_MAD_GAME_H
#define SIMIA_MAD_GAME_H

#include "../../game.h"
#include "../common/hot.h"

/* The table of operations (complete once its init has run). */
extern GameOps MAD_GAME;

/* Every build of the module this CPU can run, portable first, best last (at most
 * MAD_MAX_VARIANTS): what init chooses from, and what tests and benchmarks compare. */
#define MAD_MAX_VARIANTS KIT_MAX_BUILDS
int mad_variants(const GameOps **out);

#endif
