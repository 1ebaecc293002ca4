/* registry.h — the games Simia can play: one per folder of engine/games, found by CMake
 * (engine/games/README.md "Adding a game"); no list to edit. */
#ifndef SIMIA_REGISTRY_H
#define SIMIA_REGISTRY_H

#include "../game.h"

/* The registered games, each as its table (complete once its init has run). */
#define GAMES_MAX 16
extern const GameOps *const GAMES[];
extern const int GAMES_COUNT;

/* The game of that name (case-insensitive), or NULL; the game is initialised (its hot
 * code in the build this CPU runs: see GameOps.init). */
const GameOps *game_find(const char *name);
/* The game the engine plays unless told otherwise, initialised. */
const GameOps *game_default(void);
/* The index in GAMES of the game of g's name, or -1. */
int game_index(const GameOps *g);
/* The names of the registered games separated by sep, for messages ("a, b, c"). */
void game_names(char *out, size_t size, const char *sep);

#endif
