/* mq_game.h — the Monkey Queen game module as the core sees it: one table of operations
 * (rules: Mark Steere, 2011; readings as resolved in the project's issues). */
#ifndef SIMIA_MQ_GAME_H
#define SIMIA_MQ_GAME_H

#include "../../game.h"

/* The portable table (for the registry's list; play with what its init returns). */
extern const GameOps MONKEY_QUEEN;

/* Every build of the module this CPU can run, portable first, best last (at most
 * MQ_MAX_VARIANTS): what init chooses from, and what tests and benchmarks compare. */
#define MQ_MAX_VARIANTS 2
int mq_variants(const GameOps **out);

#endif
