/* mad_test.h — what every M.A.D. suite starts with: the game from the registry (a suite
 * without it cannot run, so it stops with a message instead of failing each test). */
#ifndef SIMIA_MAD_TEST_H
#define SIMIA_MAD_TEST_H

#include "testutil.h"

static inline const GameOps *mad_game(void) { return game_or_exit("mad"); }

#endif
