/* mq_game.h — the Monkey Queen game module as the core sees it: one table of operations
 * (rules: Mark Steere, 2011; readings as resolved in the project's issues). */
#ifndef SIMIA_MQ_GAME_H
#define SIMIA_MQ_GAME_H

#include "../../game.h"

extern const GameOps MONKEY_QUEEN;

#endif
