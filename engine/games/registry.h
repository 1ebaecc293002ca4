/* registry.h — the list of games Simia can play; a new game is one line in registry.c. */
#ifndef SIMIA_REGISTRY_H
#define SIMIA_REGISTRY_H

#include "../game.h"

extern const GameOps *const GAMES[];
extern const int GAMES_COUNT;

/* The game of that name (case-insensitive), or NULL; the game is initialised, and the
 * table returned is the one to play with on this CPU (see GameOps.init). */
const GameOps *game_find(const char *name);
/* The game the engine plays unless told otherwise, initialised. */
const GameOps *game_default(void);

#endif
