/* zoo_game.h — the Zoo Contest game module as the core sees it: one table of operations
 * (rules: Steve Zagieboylo's sheet, as resolved in the shared rules file zoo.md). */
#ifndef SIMIA_ZOO_GAME_H
#define SIMIA_ZOO_GAME_H

#include "../../game.h"

extern GameOps ZOO_CONTEST; /* complete once its init has run */

#endif
