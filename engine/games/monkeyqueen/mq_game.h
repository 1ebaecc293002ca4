/* mq_game.h — the Monkey Queen game module as the core sees it: one table of operations
 * (rules: Mark Steere, 2011; readings as resolved in the project's issues). */
#ifndef SIMIA_MQ_GAME_H
#define SIMIA_MQ_GAME_H

#include "../../game.h"
#include "../common/hot.h"

/* The table of operations (complete once its init has run). */
extern GameOps MONKEY_QUEEN;

/* Every build of the module this CPU can run, portable first, best last (at most
 * MQ_MAX_VARIANTS): what init chooses from, and what tests and benchmarks compare. */
#define MQ_MAX_VARIANTS KIT_MAX_BUILDS
int mq_variants(const GameOps **out);

#endif
