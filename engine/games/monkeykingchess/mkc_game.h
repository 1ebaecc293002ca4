/* mkc_game.h — the Monkey King Chess game module as the core sees it: one table of
 * operations (rules: Peter Gelman; readings as resolved in the project's rules file). */
#ifndef SIMIA_MKC_GAME_H
#define SIMIA_MKC_GAME_H

#include "../../game.h"

extern GameOps MONKEY_KING_CHESS; /* complete once its init has run */

#endif
